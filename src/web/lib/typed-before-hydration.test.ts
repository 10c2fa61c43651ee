// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { replayTypedValues, serverControls } from "./typed-before-hydration";

function form(html: string) {
  const root = document.createElement("form");
  root.innerHTML = html;
  document.body.append(root);
  const heard: string[] = [];
  for (const type of ["input", "change", "click"]) {
    root.addEventListener(type, (event) => heard.push(`${type} ${(event.target as HTMLInputElement).name}`));
  }
  return { root, heard };
}

afterEach(() => document.body.replaceChildren());

describe("replayTypedValues", () => {
  it("changes again each control the visitor changed, with the event its handler listens to", () => {
    const { root, heard } = form(`
      <input name="first" value="" />
      <input name="untouched" value="Kano" />
      <textarea name="comment"></textarea>
      <select name="state"><option value="">Choose</option><option value="19">Kaduna</option></select>
      <input type="checkbox" name="consent" />
      <input type="radio" name="kind" value="barrier" /><input type="radio" name="kind" value="question" />
      <input type="file" name="photo" />
      <input name="off" disabled />
    `);
    (root.querySelector("[name=first]") as HTMLInputElement).value = "Hauwa";
    (root.querySelector("[name=comment]") as HTMLTextAreaElement).value = "No ramp.";
    (root.querySelector("[name=state]") as HTMLSelectElement).value = "19";
    (root.querySelector("[name=consent]") as HTMLInputElement).checked = true;
    (root.querySelector("[value=question]") as HTMLInputElement).checked = true;
    (root.querySelector("[name=off]") as HTMLInputElement).value = "typed";

    expect(replayTypedValues(serverControls(root))).toBe(5);
    // Text says `input`, a select `change`; a box is clicked as a visitor would (click, input, change).
    expect(heard).toEqual([
      "input first",
      "input comment",
      "change state",
      "click consent",
      "input consent",
      "change consent",
      "click kind",
      "input kind",
      "change kind",
    ]);
    // And every control still holds what the visitor typed or chose.
    expect(Object.fromEntries(new FormData(root).entries())).toMatchObject({
      first: "Hauwa",
      comment: "No ramp.",
      state: "19",
      consent: "on",
      kind: "question",
    });
  });

  it("leaves alone the controls the app rendered itself after the server's were taken", () => {
    const { root, heard } = form(`<input name="served" value="" />`);
    const served = serverControls(root);
    root.insertAdjacentHTML("beforeend", `<select name="app"><option>1</option><option>2</option></select>`);
    (root.querySelector("[name=app]") as HTMLSelectElement).value = "2";
    (root.querySelector("[name=served]") as HTMLInputElement).value = "Hauwa";
    expect(replayTypedValues(served)).toBe(1);
    expect(heard).toEqual(["input served"]);
  });

  it("changes nothing when nothing was typed", () => {
    const { root, heard } = form(
      `<input name="a" value="x" /><select name="b"><option selected>1</option></select>`,
    );
    expect(replayTypedValues(serverControls(root))).toBe(0);
    expect(heard).toEqual([]);
  });
});
