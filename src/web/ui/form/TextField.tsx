import type { InputHTMLAttributes, ReactNode, Ref } from "react";
import { describedBy, FieldFrame } from "./Field";
import styles from "./form.module.css";

export interface TextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "id" | "type" | "value" | "onChange" | "children"
> {
  /** The input's id: the label, the error summary's link and the tests find the field by it. */
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  type?: "text" | "email" | "tel" | "url";
  hint?: ReactNode;
  /** What is wrong with the value after a submit; marks the input aria-invalid and describes it. */
  error?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A labelled text input. Keyboard: an ordinary input. Screen readers hear the label, then the hint and the
 * error ("Error: …") through aria-describedby, and "invalid" while it has an error. autoComplete and other
 * input attributes pass through.
 */
export function TextField({
  id,
  label,
  value,
  onChange,
  type = "text",
  hint,
  error,
  className,
  "aria-describedby": extraDescription,
  ...input
}: TextFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <input
        {...input}
        id={id}
        type={type}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={className ? `${styles.input} ${className}` : styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint, error, extra: extraDescription })}
      />
    </FieldFrame>
  );
}

/**
 * A labelled e-mail input: the e-mail keyboard on phones, the browser's saved address offered, and no
 * spelling fixes or capital first letter added to what is typed.
 */
export function EmailField(props: Omit<TextFieldProps, "type">) {
  return <TextField type="email" autoComplete="email" spellCheck={false} autoCapitalize="none" {...props} />;
}
