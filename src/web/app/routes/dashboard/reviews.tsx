import { CorrectionReviews } from "../../../features/corrections";
import { ReviewsPage } from "../../../features/moderation";
import { pageMessages, translatorFor } from "../../../i18n";
import { pageMeta } from "../../../ui/page-title";
import type { Route } from "./+types/reviews";

/**
 * The queue's messages ("published" names the comment types and the media; "report" the place fields of
 * a phone report's details form), and the corrections'.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await pageMessages(request, ["reviews", "published", "report", "corrections", "myReports"]);
  return null;
}

export const meta: Route.MetaFunction = ({ location }) => {
  const t = translatorFor(location.pathname);
  return pageMeta(t("reviews.title"), t("reviews.description"));
};

export default function Reviews() {
  return (
    <>
      <ReviewsPage />
      <CorrectionReviews />
    </>
  );
}
