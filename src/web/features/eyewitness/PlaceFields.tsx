import { EARLIEST_OCCURRED_ON, PLACE_NAME_MAX_LENGTH } from "../../../domain/reports/report-place";
import { useT } from "../../i18n";
import { describedBy, FieldFrame } from "../../ui/form/Field";
import formStyles from "../../ui/form/form.module.css";
import { SelectField } from "../../ui/form/SelectField";
import { TextField } from "../../ui/form/TextField";
import { chosenState, reportFields as ids, stateChoices } from "./report-form-checks";

export interface PlaceValue {
  stateId: string;
  lga: string;
  place: string;
  occurredOn: string;
}

export interface PlaceFieldsProps {
  value: PlaceValue;
  /** Choosing another state empties the LGA: its list is another one. */
  onChange: (value: Partial<PlaceValue>) => void;
  /** Today in Nigeria (YYYY-MM-DD): the date input offers no later day. */
  today: string;
  disabled?: boolean;
  errors: Partial<Record<keyof PlaceValue, string>>;
}

/**
 * Where and when: the state (a native select of the 37), then the local government area (a native select
 * listing only that state's LGAs; disabled, with a hint saying why, until a state is chosen), the town or
 * place (optional) and the date it happened (a native date input, from 1960 to today in Nigeria). Keyboard
 * and screen readers use the browser's own controls; each is labelled, and its hint and error describe it.
 */
export function PlaceFields({ value, onChange, today, disabled, errors }: PlaceFieldsProps) {
  const t = useT();
  const state = chosenState(value.stateId);
  const lgaHint = state ? undefined : t("report.place.lgaWaiting");
  const occurredOnHint = t("report.place.occurredOnHint");
  return (
    <>
      <SelectField
        id={ids.state}
        label={t("report.place.state")}
        error={errors.stateId}
        name="stateId"
        value={value.stateId}
        onChange={(stateId) => onChange({ stateId, lga: "" })}
        disabled={disabled}
        required
      >
        <option value="">{t("report.place.chooseState")}</option>
        {stateChoices.map((choice) => (
          <option key={choice.stateId} value={String(choice.stateId)}>
            {choice.state}
          </option>
        ))}
      </SelectField>
      <SelectField
        id={ids.lga}
        label={t("report.place.lga")}
        hint={lgaHint}
        error={errors.lga}
        name="lga"
        value={value.lga}
        onChange={(lga) => onChange({ lga })}
        disabled={disabled || !state}
        required
      >
        <option value="">
          {state ? t("report.place.chooseLga", { state: state.state }) : t("report.place.chooseStateFirst")}
        </option>
        {state?.lgas.map((lga) => (
          <option key={lga} value={lga}>
            {lga}
          </option>
        ))}
      </SelectField>
      <TextField
        id={ids.place}
        label={t("report.place.place")}
        hint={t("report.place.placeHint")}
        value={value.place}
        onChange={(place) => onChange({ place })}
        maxLength={PLACE_NAME_MAX_LENGTH}
        autoComplete="off"
        disabled={disabled}
        error={errors.place}
      />
      <FieldFrame
        id={ids.occurredOn}
        label={t("report.place.occurredOn")}
        hint={occurredOnHint}
        error={errors.occurredOn}
      >
        <input
          id={ids.occurredOn}
          type="date"
          name="occurredOn"
          value={value.occurredOn}
          onChange={(event) => onChange({ occurredOn: event.target.value })}
          min={EARLIEST_OCCURRED_ON}
          max={today}
          required
          disabled={disabled}
          className={formStyles.input}
          aria-invalid={errors.occurredOn ? true : undefined}
          aria-describedby={describedBy(ids.occurredOn, {
            hint: occurredOnHint,
            error: errors.occurredOn,
          })}
        />
      </FieldFrame>
    </>
  );
}
