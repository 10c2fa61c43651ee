// The public history's entry: other folders import only what is exported here.
export { ChangesPage, feedAddresses } from "./ChangesPage";
export { HistoryLoadFailed, HistoryLoading } from "./HistoryStatus";
export { RecordHistoryPage, recordFeedAddresses } from "./RecordHistoryPage";
export { loadChanges, loadRecordHistory, type ChangesData } from "./history-loaders";
export { changesFilterFrom } from "./history-query";
export { historyDays, type HistoryDays } from "./history-text";
