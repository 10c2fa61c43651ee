import { TranslationFeedbackPage } from "../../features/corrections";
import { pageMessages, translatorFor } from "../../i18n";
import { pageMeta } from "../../ui/page-title";
import type { Route } from "./+types/translation-feedback";
import { unlessOnlyTheQueryChanged } from "../revalidate";

export async function loader({ request }: Route.LoaderArgs) {
  return { i18n: await pageMessages(request, ["corrections"]) };
}

export const meta: Route.MetaFunction = ({ location }) => {
  const t = translatorFor(location.pathname);
  return pageMeta(t("corrections.translation.title"), t("corrections.translation.description"));
};

export default function TranslationFeedback() {
  return <TranslationFeedbackPage />;
}

export const shouldRevalidate = unlessOnlyTheQueryChanged;
