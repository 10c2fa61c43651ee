import { useFailureText, useT } from "../../i18n";

/**
 * A report the server refused from the outbox, said in the page's language from its problem (the sentence
 * the form shows it with). Its own module, loaded only when a refusal is to be said: failureText and the
 * API client it reads would otherwise be in what every page loads after its load event.
 */
export default function OutboxRefusedNote({ refused }: { refused: unknown }) {
  const t = useT();
  const failureText = useFailureText("report");
  const failed = t("report.failed");
  const message = failureText(refused, { network: failed, other: failed });
  return <p>{t("report.outbox.refused", { message })}</p>;
}
