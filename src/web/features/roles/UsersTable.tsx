import { type RefObject, useId } from "react";
import type { PublicUser } from "../../../domain/accounts/user";
import { useT } from "../../i18n";
import { RoleChanger } from "./RoleChanger";
import { roleLabel } from "./roles-text";
import styles from "./UserRolesPage.module.css";

/** The column headers' messages, in order; each cell repeats its column's name for the narrow layout. */
export const columnKeys = ["id", "firstName", "lastName", "email", "verified", "role", "actions"] as const;

export interface UsersTableProps {
  users: readonly PublicUser[];
  /** The roles the server offers (admins only). */
  roles: readonly string[];
  /** The signed-in person, whose own role cannot be changed here. */
  viewerId: number | null;
  mayChangeRoles: boolean;
  /** Another page or search is loading; the table shown is the previous one. */
  busy: boolean;
  regionRef: RefObject<HTMLDivElement | null>;
  onChanged: (user: PublicUser) => void;
}

/**
 * The users as a data table: a caption, column headers (scope col) and the e-mail address as each row's
 * header, so a screen reader names the user when moving down a column. Under 40rem (a phone) each row is
 * shown as a card, one line per column, each cell labelled with its column's name from `data-label`
 * (drawn by CSS, with empty alternative text, so screen readers keep announcing the real column header
 * once); the markup, and so the table's semantics and keyboard order, stay the same. Wider, the table
 * scrolls sideways inside its own region (focusable, named by the caption) if it must, never the page.
 */
export function UsersTable({
  users,
  roles,
  viewerId,
  mayChangeRoles,
  busy,
  regionRef,
  onChanged,
}: UsersTableProps) {
  const t = useT();
  const captionId = useId();
  const columns = columnKeys.map((key) => t(`roles.column.${key}`));
  return (
    <div
      ref={regionRef}
      role="region"
      aria-labelledby={captionId}
      // Keyboard users can scroll the table sideways once it has focus.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      aria-busy={busy || undefined}
      className={styles.tableRegion}
    >
      <table className={styles.table}>
        <caption id={captionId} className={styles.caption}>
          {t("roles.table.caption")}
        </caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.id}>
              <td data-label={columns[0]}>{user.id}</td>
              <td data-label={columns[1]}>{user.firstname}</td>
              <td data-label={columns[2]}>{user.lastname}</td>
              <th scope="row" className={styles.email} data-label={columns[3]}>
                {user.email}
              </th>
              <td data-label={columns[4]}>{t(user.isVerified ? "roles.yes" : "roles.no")}</td>
              <td data-label={columns[5]}>{roleLabel(t, user.role)}</td>
              <td data-label={columns[6]}>
                {mayChangeRoles ? (
                  <RoleChanger
                    user={user}
                    roles={roles}
                    ownRow={user.id === viewerId}
                    onChanged={onChanged}
                  />
                ) : (
                  t("roles.noPermission")
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
