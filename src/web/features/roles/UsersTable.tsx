import { type RefObject, useId } from "react";
import type { PublicUser } from "../../../domain/accounts/user";
import { RoleChanger } from "./RoleChanger";
import { roleLabel, userRolesMessages } from "./roles-text";
import styles from "./UserRolesPage.module.css";

/** The column headers, in order; each cell repeats its column's name for the narrow layout. */
export const columns = ["ID", "First name", "Last name", "E-mail", "Verified", "Role", "Actions"] as const;

export interface UsersTableProps {
  users: readonly PublicUser[];
  /** The roles the server offers (admins only). */
  roles: readonly string[];
  /** The signed-in person, whose own role cannot be changed here. */
  viewerId: number;
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
  const captionId = useId();
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
          Users and their roles
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
              <td data-label={columns[4]}>{user.isVerified ? "Yes" : "No"}</td>
              <td data-label={columns[5]}>{roleLabel(user.role)}</td>
              <td data-label={columns[6]}>
                {mayChangeRoles ? (
                  <RoleChanger
                    user={user}
                    roles={roles}
                    ownRow={user.id === viewerId}
                    onChanged={onChanged}
                  />
                ) : (
                  userRolesMessages.noPermission
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
