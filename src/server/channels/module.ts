import type { FastifyInstance } from "fastify";
import type { Clock } from "../clock";
import type { ChannelsConfig } from "../config";
import type { Database } from "../db/database";
import { africasTalkingAdapter } from "./africastalking/adapter";
import type { ChannelAdapter, ChannelMedia, ChannelSender } from "./channel";
import { whatsAppAdapter } from "./whatsapp/adapter";
import { ChannelIntake } from "./intake";
import { phoneKeysFrom, type PhoneKeys } from "./phone-privacy";

// Reports by phone, put together from the configuration: the intake every adapter shares, the adapters
// whose providers are configured, and their senders for the reply outbox's worker.

export interface Channels {
  intake: ChannelIntake;
  keys: PhoneKeys;
  adapters: ChannelAdapter[];
  /** Each configured provider's sender, by provider name. */
  senders: ReadonlyMap<string, ChannelSender>;
  /** Registers each adapter's callbacks under /channels/<provider>/ of the given scope. */
  register(api: FastifyInstance, db: Database, now: Clock, media?: ChannelMedia): Promise<void>;
}

export function setUpChannels(config: ChannelsConfig, db: Database, publicUrl: string): Channels {
  const keys = phoneKeysFrom({
    hashSecret: config.phoneHashSecret,
    encryptionSecret: config.phoneEncryptionSecret,
  });
  const intake = new ChannelIntake(db, keys, config.limits, publicUrl);
  const adapters: ChannelAdapter[] = [];
  if (config.africasTalking) adapters.push(africasTalkingAdapter(config.africasTalking));
  if (config.whatsapp) adapters.push(whatsAppAdapter(config.whatsapp));
  return {
    intake,
    keys,
    adapters,
    senders: new Map(adapters.map((adapter) => [adapter.provider, adapter.sender])),
    async register(api, database, now, media) {
      for (const adapter of adapters) {
        await api.register(adapter.routes({ db: database, now, intake, ...(media ? { media } : {}) }), {
          prefix: `/channels/${adapter.provider}`,
        });
      }
    },
  };
}
