import type { ReactNode, SelectHTMLAttributes } from "react";
import { describedBy, FieldFrame } from "./Field";
import styles from "./form.module.css";

export interface SelectFieldProps extends Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  "id" | "value" | "onChange" | "children"
> {
  /** The select's id: the label, the error summary's link and the tests find the field by it. */
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  hint?: ReactNode;
  /** What is wrong with the choice after a submit; marks the select aria-invalid and describes it. */
  error?: string;
  /** The options. */
  children: ReactNode;
}

/**
 * A labelled drop-down list, as TextField is a labelled input: the browser's own select (arrow keys, type
 * to jump, the phone's picker). Screen readers hear the label, then the hint and the error ("Error: …")
 * through aria-describedby, and "invalid" while it has an error.
 */
export function SelectField({
  id,
  label,
  value,
  onChange,
  hint,
  error,
  children,
  className,
  ...select
}: SelectFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <select
        {...select}
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={className ? `${styles.input} ${className}` : styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint, error })}
      >
        {children}
      </select>
    </FieldFrame>
  );
}
