import { useT } from "../../i18n";
import { fieldError, type FormProblem } from "../../ui/form/form-problem";
import { PasswordField } from "../../ui/form/PasswordField";
import { loadPasswordStrength, resetFields } from "./form-checks";
import { PasswordHints } from "./PasswordHints";

/**
 * A new password with its live rules and its confirmation, as the reset link's page and the verification
 * link's "choose a new password" form ask for them. The strength checker starts loading when the first
 * field gets focus, so it is ready by the time the form is sent.
 */
export function NewPasswordFields({
  hintsId,
  password,
  onPasswordChange,
  confirmation,
  onConfirmationChange,
  problem,
}: {
  /** The id of the rules list, which describes the password field. */
  hintsId: string;
  password: string;
  onPasswordChange: (value: string) => void;
  confirmation: string;
  onConfirmationChange: (value: string) => void;
  problem: FormProblem | null;
}) {
  const t = useT();
  return (
    <>
      <PasswordField
        id={resetFields.password}
        label={t("auth.fields.newPassword")}
        value={password}
        onChange={onPasswordChange}
        onFocus={() => void loadPasswordStrength()}
        autoComplete="new-password"
        required
        aria-describedby={hintsId}
        error={fieldError(problem, resetFields.password)}
        below={<PasswordHints id={hintsId} password={password} />}
      />
      <PasswordField
        id={resetFields.confirmPassword}
        label={t("auth.fields.confirmNewPassword")}
        value={confirmation}
        onChange={onConfirmationChange}
        autoComplete="new-password"
        required
        error={fieldError(problem, resetFields.confirmPassword)}
      />
    </>
  );
}
