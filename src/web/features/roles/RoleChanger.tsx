import { useId, useRef, useState, type FormEvent } from "react";
import type { PublicUser, UserRole } from "../../../domain/accounts/user";
import { T, useT, useFailureText } from "../../i18n";
import { useApiMutation } from "../../lib/use-api";
import { Dialog } from "../../ui/Dialog";
import { toast } from "../../ui/toast/toast-store";
import { changeUserRole } from "./roles-api";
import { personName, roleLabel } from "./roles-text";
import styles from "./UserRolesPage.module.css";

export interface RoleChangerProps {
  user: PublicUser;
  /** The roles the server offers. */
  roles: readonly string[];
  /** The signed-in admin's own row: the select is shown disabled, with the reason. */
  ownRow: boolean;
  /** Called with the user as the server returned it after a change. */
  onChanged: (user: PublicUser) => void;
}

/**
 * An admin's control for one user's role: a select labelled "Role of {name}" and a Save button. Choosing
 * a role changes nothing until Save, so a keyboard user moving through the options with the arrow keys
 * never sends a change by accident. Not optimistic: the select keeps the chosen role while the server
 * answers (the Role column still shows the saved one); success toasts 'User role updated successfully' and
 * the row shows the new role, failure toasts the server's message (or 'Failed to update user role') and
 * the select returns to the saved role. Making someone an admin, or taking the role from an admin, asks
 * first in a modal dialog whose focus starts on Cancel.
 */
export function RoleChanger({ user, roles, ownRow, onChanged }: RoleChangerProps) {
  const t = useT();
  const failureText = useFailureText();
  const [chosen, setChosen] = useState(user.role as string);
  const change = useApiMutation({
    // The select offers only the server's own roles, and the server checks the role again.
    mutationFn: (role: string) => changeUserRole(user.id, role as UserRole),
    onSuccess: (answer) => {
      toast.success(t("roles.updated"));
      setChosen(answer.user.role);
      onChanged(answer.user);
    },
    onError: (error) => {
      const failed = t("roles.updateFailed");
      toast.error(failureText(error, { network: failed, other: failed }));
    },
    // Failed (a 401 too): the select shows the saved role again.
    onSettled: (_answer, error) => {
      if (error) setChosen(user.role);
    },
  });
  const saving = change.isPending;
  const [confirming, setConfirming] = useState(false);
  const [savedRole, setSavedRole] = useState(user.role as string);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const selectId = useId();
  const noteId = useId();
  const name = personName(user);

  // A reload of the list brought another saved role (someone else changed it): show that one.
  if (savedRole !== user.role) {
    setSavedRole(user.role);
    if (!saving) setChosen(user.role);
  }

  // The server's roles, plus the user's own if the list lacks it, so the select can always show it.
  const options = roles.includes(user.role) ? roles : [user.role, ...roles];

  if (ownRow) {
    return (
      <div className={styles.roleChanger}>
        <label htmlFor={selectId} className="visually-hidden">
          {t("roles.roleOf", { name })}
        </label>
        <select
          id={selectId}
          className={styles.roleSelect}
          value={user.role}
          disabled
          aria-describedby={noteId}
        >
          {options.map((role) => (
            <option key={role} value={role}>
              {roleLabel(t, role)}
            </option>
          ))}
        </select>
        <p id={noteId} className={styles.note}>
          {t("roles.ownRole")}
        </p>
      </div>
    );
  }

  function save(role: string) {
    change.mutate(role);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    if (chosen === user.role) {
      toast.info(t("roles.alreadyHas", { name, role: roleLabel(t, chosen) }));
      return;
    }
    if (chosen === "admin" || user.role === "admin") setConfirming(true);
    else save(chosen);
  }

  function cancel() {
    setConfirming(false);
    setChosen(user.role);
  }

  function confirm() {
    setConfirming(false);
    save(chosen);
  }

  const promoting = chosen === "admin";
  return (
    <form className={styles.roleChanger} onSubmit={submit}>
      <label htmlFor={selectId} className="visually-hidden">
        {t("roles.roleOf", { name })}
      </label>
      <select
        id={selectId}
        className={styles.roleSelect}
        value={chosen}
        onChange={(event) => {
          if (!saving) setChosen(event.target.value);
        }}
        aria-disabled={saving || undefined}
      >
        {options.map((role) => (
          <option key={role} value={role}>
            {roleLabel(t, role)}
          </option>
        ))}
      </select>
      <button
        type="submit"
        className={`button button--secondary ${styles.saveButton}`}
        aria-disabled={saving || undefined}
      >
        <T
          id={saving ? "roles.saving" : "roles.save"}
          values={{ name }}
          components={{ hidden: <span className="visually-hidden" /> }}
        />
      </button>
      {confirming ? (
        <Dialog
          open
          onClose={cancel}
          title={t(promoting ? "roles.makeAdminTitle" : "roles.removeAdminTitle", { name })}
          initialFocusRef={cancelRef}
        >
          <p>
            {promoting
              ? t("roles.makeAdminText", { name })
              : t("roles.removeAdminText", { name, role: roleLabel(t, chosen) })}
          </p>
          <div className={styles.dialogActions}>
            <button type="button" className="button" onClick={confirm}>
              {t(promoting ? "roles.makeAdmin" : "roles.changeRole")}
            </button>
            <button ref={cancelRef} type="button" className="button button--secondary" onClick={cancel}>
              {t("roles.cancel")}
            </button>
          </div>
        </Dialog>
      ) : null}
    </form>
  );
}
