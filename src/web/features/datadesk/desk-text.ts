import { useMemo } from "react";
import { deskProblem, type DeskProblemKey } from "../../../domain/api/problems";
import { problemText as failureProblemText, useT } from "../../i18n";
import { useI18n } from "../../i18n/language-context";
import type { DataDeskProblem } from "./datadesk-api";
import { describeValue, optionKey } from "../../../domain/datadesk/value-words";
import { basePath, languageOfPath } from "./field-values";

// The data desk's words for its values, in the page's language: a field's label (a translation's with its
// language), a value as a person reads it (a choice's label, a list's items, "(empty)"), and a problem the
// server found, worded from its key (`datadesk.problem.<key>`) so that it reads in the page's language.

/** The longest note the server accepts: the note's hint and its input's limit. */
export const NOTE_MAX = 2000;

export interface DeskText {
  fieldLabel: (kind: string, path: string) => string;
  valueText: (kind: string, path: string, value: unknown) => string;
  optionText: (path: string, option: string) => string;
  /** "Law status: Passed → Pending", the arrow as text (a screen reader reads it). */
  fromTo: (kind: string, path: string, from: unknown, to: unknown) => string;
  problemText: (problem: Pick<DataDeskProblem, "key" | "params" | "message">) => string;
}

export function useDeskText(): DeskText {
  const i18n = useI18n();
  const translate = useT();
  return useMemo(() => {
    const has = (id: string) => id in i18n.messages;
    const t = (id: string, values?: Record<string, unknown>) => i18n._(id, values);

    const fieldLabel = (kind: string, path: string) => {
      const id = `datadesk.field.${kind}.${basePath(path)}`;
      const label = has(id) ? t(id) : path;
      const language = languageOfPath(path);
      if (!language) return label;
      const languageId = `datadesk.language.${language}`;
      return t("datadesk.translatedField", {
        field: label,
        language: has(languageId) ? t(languageId) : language,
      });
    };

    const optionText = (path: string, option: string) => {
      const id = `datadesk.option.${basePath(path)}.${optionKey(option)}`;
      return has(id) ? t(id) : option;
    };

    const valueText = (_kind: string, path: string, value: unknown): string =>
      describeValue(value, t("datadesk.value.empty"), (option) => optionText(path, option));

    const fromTo = (kind: string, path: string, from: unknown, to: unknown) =>
      t("datadesk.fromTo", {
        field: fieldLabel(kind, path),
        from: valueText(kind, path, from),
        to: valueText(kind, path, to),
      });

    // The server sends each problem's values ({max}, {thisYear}, the state that holds a rank), so the
    // page words it alone, as every failure is worded; its own sentence (the editor's language) is kept
    // for a key this build lacks.
    const problemText: DeskText["problemText"] = (problem) => {
      const key = `datadesk.problem.${problem.key}` satisfies DeskProblemKey;
      return has(key) ? failureProblemText(translate, deskProblem(key, problem.params)) : problem.message;
    };

    return { fieldLabel, valueText, optionText, fromTo, problemText };
  }, [i18n, translate]);
}
