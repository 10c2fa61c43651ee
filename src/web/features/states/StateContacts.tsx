import type { StateRecord } from "../../../domain/datasets/schemas";
import { useEnglishContentLang, useT } from "../../i18n";
import { phoneList, presentValue } from "./load-state-details";
import styles from "./StateOverview.module.css";

/** Address, phone list and e-mail of a state's agency, or 'No contact information available'. */
export function StateContacts({ record }: { record: Pick<StateRecord, "address" | "phone" | "email"> }) {
  const t = useT();
  const contentLang = useEnglishContentLang();
  const address = presentValue(record.address);
  const phones = phoneList(record.phone);
  const email = presentValue(record.email);
  if (!address && phones.length === 0 && !email) {
    return <p className={styles.muted}>{t("states.contacts.none")}</p>;
  }
  return (
    <dl className={styles.contacts}>
      {address ? (
        <div>
          <dt>{t("states.contacts.address")}</dt>
          <dd lang={contentLang}>{address}</dd>
        </div>
      ) : null}
      {phones.length > 0 ? (
        <div>
          <dt>{t("states.contacts.phones", { count: phones.length })}</dt>
          <dd>
            <ul className={styles.plainList}>
              {phones.map((phone) => (
                <li key={phone}>
                  <a href={`tel:${phone.replace(/[^+\d]/g, "")}`}>{phone}</a>
                </li>
              ))}
            </ul>
          </dd>
        </div>
      ) : null}
      {email ? (
        <div>
          <dt>{t("states.contacts.email")}</dt>
          <dd>
            <a href={`mailto:${email}`}>{email}</a>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
