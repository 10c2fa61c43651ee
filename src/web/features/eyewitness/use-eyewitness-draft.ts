import { useCallback, useEffect, useRef, useState } from "react";
import { DEFAULT_PLACE_PRECISION } from "../../../domain/reports/report-place";
import type { ApiError } from "../../lib/api-client";
import { session, type SessionUser } from "../../lib/session";
import { newPhotoKey } from "./PhotoSlots";
import type { PlaceValue } from "./PlaceFields";
import type { EyewitnessDraft } from "./report-form-checks";

/** Typing pauses this long before the draft is written to the device. */
export const DRAFT_SAVE_DELAY_MS = 800;

/** The device storage (IndexedDB), loaded after the form is shown: the route's first load does not carry it. */
const loadStore = () => import("./report-store");

function emptyDraft(user: SessionUser): EyewitnessDraft {
  return {
    firstName: user.firstname,
    lastName: user.lastname,
    email: user.email,
    stateId: "",
    lga: "",
    place: "",
    occurredOn: "",
    commentType: "",
    comment: "",
    showFirstName: false,
    placePrecision: DEFAULT_PLACE_PRECISION,
    peopleConsent: false,
    media: "none",
    photos: [],
    videoSource: "file",
    videoFile: null,
    videoUrl: "",
  };
}

/** The report being written, as useEyewitnessDraft keeps it. */
export interface EyewitnessDraftState {
  /** Everything typed and chosen. */
  fields: EyewitnessDraft;
  /** Sets one field (the person's own change: it is kept on the device once typing pauses). */
  set: <Key extends keyof EyewitnessDraft>(key: Key) => (value: EyewitnessDraft[Key]) => void;
  /** Sets the place's fields together (a new state empties the LGA). */
  changePlace: (value: Partial<PlaceValue>) => void;
  /** A draft kept on the device came back when the form opened. */
  restored: boolean;
  /** The draft has been written to the device at least once. */
  saved: boolean;
  /** The server's refusal the restored draft came back with from the outbox, as a failure to say. */
  refusal: ApiError | null;
  /** The report has left the form (sent or queued): its draft is deleted and never written again. */
  forget: () => Promise<void>;
  /** Deletes the draft and starts again from the empty form (the person's names and e-mail address). */
  discard: () => Promise<void>;
}

/**
 * The eyewitness form's fields, kept on the device so that nothing typed is lost: written for this user
 * once typing pauses and at once when the form goes away, and restored when the form opens again. A report
 * the server refused from the outbox comes back as the draft, with its refusal. Without IndexedDB (some
 * private windows) the fields are kept until the page is left.
 */
export function useEyewitnessDraft(user: SessionUser): EyewitnessDraftState {
  const [fields, setFields] = useState(() => emptyDraft(user));
  const [restored, setRestored] = useState(false);
  const [saved, setSaved] = useState(false);
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  // Set by the person's own changes: only those are saved, and a draft loaded late never overwrites them.
  const changed = useRef(false);
  // Set once the report has left the form (sent or queued): its draft must not be written again.
  const finished = useRef(false);
  const unsaved = useRef<EyewitnessDraft | null>(null);

  // The draft kept on the device, if any, comes back when the form opens.
  useEffect(() => {
    let current = true;
    loadStore()
      .then(async (store) => ({ store, found: await store.loadDraft(user.id, newPhotoKey) }))
      .then(({ store, found }) => {
        if (!current || !found || changed.current) return;
        setFields(found.draft);
        setRestored(true);
        if (found.problem) {
          // Said from its problem in the page's language by the form (a draft kept by an older version has
          // the server's English sentence alone).
          setRefusal(
            store.refusalFailure({
              ...found.refusal,
              message: found.problem,
              ...(found.problemField ? { field: found.problemField } : {}),
            }),
          );
        }
      })
      // No IndexedDB (some private windows): the form works as before, without a draft.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [user.id]);

  // Writes one after the other, so that a draft being written cannot outlive its deletion.
  const writing = useRef<Promise<void>>(Promise.resolve());
  const writeDraft = useCallback(() => {
    writing.current = writing.current.then(async () => {
      const pending = unsaved.current;
      if (!pending || finished.current) return;
      unsaved.current = null;
      try {
        const store = await loadStore();
        // Signed out meanwhile (this form goes away when the session ends): the drafts are being
        // forgotten, and writing this one would leave it for the next person.
        if (finished.current || session.current()?.id !== user.id) return;
        await store.saveDraft(user.id, pending);
        setSaved(true);
      } catch {
        // Storage full or unavailable: the form still holds everything until the page is left.
      }
    });
    return writing.current;
  }, [user.id]);

  // What is typed is written to the device once typing pauses, and at once when the form goes away.
  useEffect(() => {
    if (!changed.current || finished.current) return;
    unsaved.current = fields;
    const timer = setTimeout(() => void writeDraft(), DRAFT_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [fields, writeDraft]);
  useEffect(
    () => () => {
      void writeDraft();
    },
    [writeDraft],
  );

  const forget = useCallback(async () => {
    finished.current = true;
    unsaved.current = null;
    try {
      await writing.current;
      await (await loadStore()).deleteDraft(user.id);
    } catch {
      // Nothing was stored if storage is unavailable.
    }
  }, [user.id]);

  const discard = useCallback(async () => {
    await forget();
    finished.current = false;
    changed.current = false;
    setFields(emptyDraft(user));
    setRestored(false);
    setSaved(false);
    setRefusal(null);
  }, [forget, user]);

  const set = useCallback(
    <Key extends keyof EyewitnessDraft>(key: Key) =>
      (value: EyewitnessDraft[Key]) => {
        changed.current = true;
        setFields((current) => ({ ...current, [key]: value }));
      },
    [],
  );
  const changePlace = useCallback((value: Partial<PlaceValue>) => {
    changed.current = true;
    setFields((current) => ({ ...current, ...value }));
  }, []);

  return { fields, set, changePlace, restored, saved, refusal, forget, discard };
}
