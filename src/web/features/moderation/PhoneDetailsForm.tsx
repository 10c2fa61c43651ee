import { useId, useState } from "react";
import { lgasByState } from "../../../domain/reports/report-lgas";
import { EARLIEST_OCCURRED_ON } from "../../../domain/reports/report-place";
import { commentTypes } from "../../../domain/reports/report-rules";
import type { ReviewReportView } from "../../../domain/reports/review-rules";
import { useFailureText, useT } from "../../i18n";
import { useApiMutation } from "../../lib/use-api";
import { describedBy, FieldFrame } from "../../ui/form/Field";
import formStyles from "../../ui/form/form.module.css";
import { SelectField } from "../../ui/form/SelectField";
import { toast } from "../../ui/toast/toast-store";
import { completePhoneDetails } from "./review-api";
import styles from "./ReviewsPage.module.css";

/** The id of the form's heading: a Publish refused for missing details moves focus to it. */
export const phoneDetailsHeadingId = (reportId: string) => `phone-details-${reportId}`;

/**
 * What a phone report could not carry, completed by a moderator before it can be published: the state and
 * LGA (native selects; the LGA list is the chosen state's), the kind of report, the date (a native date
 * input, no later than the day it was sent) and what the public sees of the place. A group named by its
 * heading; the server's refusal is shown under the fields and announced (role="alert").
 */
export function PhoneDetailsForm({
  report,
  onChanged,
}: {
  report: ReviewReportView;
  onChanged: (updated: ReviewReportView) => void;
}) {
  const t = useT();
  const failureText = useFailureText();
  const ids = useId();
  const sentOn = report.createdAt.slice(0, 10);
  const [stateId, setStateId] = useState(report.place ? String(report.place.stateId) : "");
  const [lga, setLga] = useState(report.place?.lga ?? "");
  const [commentType, setCommentType] = useState(report.channel === "sms" ? "" : report.commentType);
  const [occurredOn, setOccurredOn] = useState(report.place?.occurredOn ?? "");
  const [precision, setPrecision] = useState<"state" | "lga">(
    report.place?.precision === "lga" ? "lga" : "state",
  );
  const [error, setError] = useState<string | null>(null);
  const state = lgasByState.find((entry) => String(entry.stateId) === stateId);
  const headingId = phoneDetailsHeadingId(report.id);

  const save = useApiMutation({
    mutationFn: () =>
      completePhoneDetails(report.id, {
        stateId: Number(stateId),
        lga,
        commentType: commentType as ReviewReportView["commentType"],
        occurredOn,
        precision,
      }),
    onSuccess: (answer) => {
      setError(null);
      toast.success(t("reviews.phone.saved"));
      onChanged(answer.report);
    },
    onError: (failure) => setError(failureText(failure, { other: t("reviews.phone.saveFailed") })),
  });

  return (
    <form
      className={styles.decide}
      aria-labelledby={headingId}
      onSubmit={(event) => {
        event.preventDefault();
        if (!save.isPending) save.mutate();
      }}
    >
      <h3 id={headingId} tabIndex={-1} className={styles.decideTitle}>
        {t("reviews.phone.detailsTitle")}
      </h3>
      <p>{t("reviews.phone.detailsIntro")}</p>
      <SelectField
        id={`${ids}-state`}
        label={t("report.place.state")}
        value={stateId}
        onChange={(value) => {
          setStateId(value);
          setLga("");
        }}
        required
      >
        <option value="">{t("report.place.chooseState")}</option>
        {lgasByState.map((choice) => (
          <option key={choice.stateId} value={String(choice.stateId)}>
            {choice.state}
          </option>
        ))}
      </SelectField>
      <SelectField
        id={`${ids}-lga`}
        label={t("report.place.lga")}
        value={lga}
        onChange={setLga}
        disabled={!state}
        required
      >
        <option value="">
          {state ? t("report.place.chooseLga", { state: state.state }) : t("report.place.chooseStateFirst")}
        </option>
        {state?.lgas.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </SelectField>
      <SelectField
        id={`${ids}-type`}
        label={t("reviews.phone.type")}
        value={commentType}
        onChange={(value) => setCommentType(value as typeof commentType)}
        required
      >
        <option value="">{t("reviews.phone.chooseType")}</option>
        {commentTypes.map((type) => (
          <option key={type} value={type}>
            {t(`common.commentType.${type}`)}
          </option>
        ))}
      </SelectField>
      <FieldFrame id={`${ids}-date`} label={t("report.place.occurredOn")}>
        <input
          id={`${ids}-date`}
          type="date"
          value={occurredOn}
          onChange={(event) => setOccurredOn(event.target.value)}
          min={EARLIEST_OCCURRED_ON}
          max={sentOn}
          required
          className={formStyles.input}
          aria-describedby={describedBy(`${ids}-date`, {})}
        />
      </FieldFrame>
      <fieldset>
        <legend>{t("reviews.phone.precision")}</legend>
        {(["state", "lga"] as const).map((value) => (
          <label key={value} className={styles.tick}>
            <input
              type="radio"
              name={`${ids}-precision`}
              value={value}
              checked={precision === value}
              onChange={() => setPrecision(value)}
            />{" "}
            {t(value === "state" ? "reviews.phone.precisionState" : "reviews.phone.precisionLga")}
          </label>
        ))}
      </fieldset>
      {error ? (
        <p className={formStyles.error} role="alert">
          {error}
        </p>
      ) : null}
      <div className={styles.buttons}>
        <button type="submit" className="button" aria-disabled={save.isPending || undefined}>
          {t("reviews.phone.save")}
        </button>
      </div>
      <p role="status" className={styles.sending}>
        {save.isPending ? t("reviews.phone.saving") : null}
      </p>
    </form>
  );
}
