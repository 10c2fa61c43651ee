import { ProfilePage } from "../../../features/profile";
import { pageMeta } from "../../page-title";

export const meta = () => pageMeta("Profile");

export default function Profile() {
  return <ProfilePage />;
}
