// The corrections feature's public entry: other folders import only what is exported here.
export { CorrectionForm } from "./CorrectionForm";
export { CorrectionReviews } from "./CorrectionReviews";
export { TranslationFeedbackPage } from "./TranslationFeedbackPage";
export { correctionQueries } from "./correction-api";
