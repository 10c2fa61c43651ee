import { UserRolesPage } from "../../../features/roles";
import { pageMeta } from "../../page-title";

export const meta = () =>
  pageMeta("User roles", "Role administration: see every user and, as an admin, change their role.");

export default function UserRoles() {
  return <UserRolesPage />;
}
