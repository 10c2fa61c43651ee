import { useT } from "../../i18n";
import { describedBy, FieldFrame } from "../../ui/form/Field";
import formStyles from "../../ui/form/form.module.css";
import { type DocumentView, useDocuments } from "./documents-api";

/** A document as a select's option reads: its title, publisher and date (titles alone may repeat). */
export function documentOptionText(document: DocumentView): string {
  return [document.title, document.publisher, document.publishedOn].filter(Boolean).join(" · ");
}

/**
 * A choice among the uploaded documents, by title; "" is none. A value that is not among them (a document
 * the list has not loaded yet, or an id typed before uploads existed) stays selectable, by its id.
 */
export function DocumentSelect({
  id,
  label,
  hint,
  value,
  onChange,
  error,
  noneText,
}: {
  id: string;
  label: string;
  hint?: string;
  value: string;
  onChange: (documentId: string) => void;
  error?: string;
  noneText: string;
}) {
  const t = useT();
  const documents = useDocuments();
  const list = documents.data ?? [];
  const unknown = value !== "" && !list.some((document) => document.id === value);
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <select
        id={id}
        className={formStyles.input}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint, error })}
        aria-busy={documents.isFetching && !documents.data ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{noneText}</option>
        {unknown ? (
          <option value={value}>
            {documents.data
              ? t("datadesk.documents.unknownOption", { id: value })
              : t("datadesk.documents.loading")}
          </option>
        ) : null}
        {list.map((document) => (
          <option key={document.id} value={document.id}>
            {documentOptionText(document)}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/** The title of the document `id` names, for "old → new"; the id while the list loads, or "" for none. */
export function useDocumentTitles(): (id: unknown) => unknown {
  const documents = useDocuments();
  return (id) => {
    if (typeof id !== "string" || id === "") return id;
    return documents.data?.find((document) => document.id === id)?.title ?? id;
  };
}

/**
 * The paths whose value is a document's id (fields.ts's type "document"), for a change, which does not
 * carry its fields' types. Kept here rather than imported: fields.ts brings zod into the page's bundle.
 * DocumentSelect.test.ts holds it equal to fields.ts.
 */
export const documentPaths: ReadonlySet<string> = new Set([
  "law.document_id",
  "policy.document_id",
  "sdir.document_id",
]);
