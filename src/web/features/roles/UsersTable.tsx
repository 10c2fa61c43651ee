import { type RefObject, useId } from "react";
import type { PublicUser } from "../../../domain/accounts/user";
import { RoleChanger } from "./RoleChanger";
import { roleLabel, userRolesMessages } from "./roles-text";
import styles from "./UserRolesPage.module.css";

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
 * header, so a screen reader names the user when moving down a column. On a narrow screen the table
 * scrolls sideways inside its own region (focusable, named by the caption) and the page itself does not.
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
            <th scope="col">ID</th>
            <th scope="col">First name</th>
            <th scope="col">Last name</th>
            <th scope="col">E-mail</th>
            <th scope="col">Verified</th>
            <th scope="col">Role</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.id}>
              <td>{user.id}</td>
              <td>{user.firstname}</td>
              <td>{user.lastname}</td>
              <th scope="row" className={styles.email}>
                {user.email}
              </th>
              <td>{user.isVerified ? "Yes" : "No"}</td>
              <td>{roleLabel(user.role)}</td>
              <td>
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
