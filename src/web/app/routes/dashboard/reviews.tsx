import { CorrectionReviews } from "../../../features/corrections";
import { ReviewsPage } from "../../../features/reports";
import { pageMeta } from "../../page-title";

export const meta = () =>
  pageMeta(
    "Reviews",
    "Review eyewitness reports (verify them for publication, or reject them with a note) and visitors' corrections to the data.",
  );

export default function Reviews() {
  return (
    <>
      <ReviewsPage />
      <CorrectionReviews />
    </>
  );
}
