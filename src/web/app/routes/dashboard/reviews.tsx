import { CorrectionReviews } from "../../../features/corrections";
import { ReviewsPage, startReviews } from "../../../features/moderation";
import { pageMessages, translatorFor } from "../../../i18n";
import { pageMeta } from "../../../ui/page-title";
import { startPageQueries } from "../../page-queries";
import { PageError } from "../../layout/PageError";
import type { Route } from "./+types/reviews";

/**
 * The queue's messages ("published" names the comment types and the media; "report" the place fields of
 * a phone report's details form), and the corrections'.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  startPageQueries(request, (client, params, viewer) => startReviews(client, params, viewer.role));
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

/** A failure of the page itself, inside the dashboard; a failed read is the page's own to say. */
export function ErrorBoundary() {
  return <PageError />;
}
