import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach } from "vitest";
import type { ReviewsAnswer } from "../../domain/api";
import { deliverDueReplies } from "../../server/channels/reply-outbox";
import type { DeliveryRound } from "../../server/outbox/outbox-worker";
import type { ChannelsConfig } from "../../server/config";
import type { DatabaseHandle } from "../../server/db/database";
import { emptyTables, testConfig } from "./accounts";
import { openTestDatabase, type TestDatabaseKind } from "./databases";
import { buildReportsTestApp, emptyUploads, reviewList, signedInAs, type ReportsTestApp } from "./reports";

// The set-up every provider's tests share: a reports app on a test database with the provider turned
// on against a peer that plays it on loopback, every log line kept (to search for numbers), a moderator
// signed in afresh before each test with the channels' tables emptied, and the outbox delivered on
// demand. Registers its own hooks: call it inside the `describe`.

export const channelModerator = { email: "ngozi.eze@example.org", firstname: "Ngozi", lastname: "Eze" };

export interface ChannelTestApp<Peer> {
  t: ReportsTestApp;
  database: DatabaseHandle;
  peer: Peer;
  /** The moderator's bearer token, new for each test. */
  moderator: string;
  /** Every line the app logged since it started. */
  logLines: string[];
  /** Sends every reply that is due now, through the app's own senders. */
  deliver(): Promise<DeliveryRound>;
  /** The review queue's pending reports, as the moderator sees them. */
  pending(): Promise<ReviewsAnswer["reports"]>;
}

export function useChannelTestApp<Peer extends { stop(): Promise<void> }>(
  kind: TestDatabaseKind,
  provider: {
    startPeer(): Promise<Peer>;
    /** The channels' configuration with the provider on, from the test configuration's. */
    channels(peer: Peer, base: ChannelsConfig): ChannelsConfig;
    /** Forgets what the peer saw in the test before. */
    reset(peer: Peer): void;
  },
): ChannelTestApp<Peer> {
  const fixture = { logLines: [] as string[] } as ChannelTestApp<Peer>;
  fixture.deliver = () =>
    deliverDueReplies({
      db: fixture.t.db,
      keys: fixture.t.app.channels.keys,
      senders: fixture.t.app.channels.senders,
      now: fixture.t.clock.now,
    });
  fixture.pending = async () =>
    (await reviewList(fixture.t.app, fixture.moderator, "?status=pending")).json<ReviewsAnswer>().reports;

  beforeAll(async () => {
    fixture.database = await openTestDatabase(kind);
    fixture.peer = await provider.startPeer();
    fixture.t = await buildReportsTestApp(
      fixture.database,
      { logLevel: "info", channels: provider.channels(fixture.peer, testConfig().channels) },
      { write: (line) => void fixture.logLines.push(line) },
    );
  });
  afterAll(async () => {
    await fixture.t.app.close();
    await fixture.peer.stop();
    await fixture.database.close();
  });
  beforeEach(async () => {
    await emptyTables(fixture.database.db);
    await fixture.database.db.execute(
      sql`truncate table channel_opt_outs, ussd_sessions, channel_messages, channel_outbox`,
    );
    await emptyUploads(fixture.t);
    provider.reset(fixture.peer);
    fixture.moderator = await signedInAs(fixture.t, "moderator", channelModerator);
  });
  return fixture;
}
