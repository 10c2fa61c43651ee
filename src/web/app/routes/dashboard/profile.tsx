import { ProfilePage } from "../../../features/profile/ProfilePage";
import { pageMeta } from "../../page-title";

export const meta = () => pageMeta("Profile");

export default function Profile() {
  return <ProfilePage />;
}
