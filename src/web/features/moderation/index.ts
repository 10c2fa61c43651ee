// The moderation feature's public entry (the review queue): other folders import only what is exported here.
export { ReviewsPage } from "./ReviewsPage";
export { startReviews, withdrawReport } from "./review-api";
