import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { inLanguage } from "../../../test/web/i18n";
import { CorrectionForm } from "./CorrectionForm";

describe("CorrectionForm in Yoruba", () => {
  it("asks in Yoruba and says what to fix in Yoruba, showing no message id", async () => {
    const user = userEvent.setup({ delay: null });
    const { container } = render(
      await inLanguage(
        "yo",
        ["corrections"],
        <CorrectionForm subject="state" subjectId={25} subjectName="Lagos" />,
      ),
    );
    await user.click(screen.getByRole("button", { name: "Dábàá àtúnṣe" }));
    await user.type(screen.getByLabelText("Kí ni kò tọ̀nà?"), "Kò tọ̀");
    await user.click(screen.getByRole("button", { name: "Fi àtúnṣe ránṣẹ́" }));
    expect(screen.getByLabelText("Kí ni kò tọ̀nà?")).toHaveAccessibleDescription(
      "Àṣìṣe: Jọ̀wọ́ sọ ohun tí kò tọ̀nà, ní ó kéré tán lẹ́tà 10.",
    );
    expect(container.textContent).not.toMatch(/\b(corrections|common)\.[a-zA-Z]/);
  });
});
