import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("loadConfig", () => {
  it("uses the embedded defaults when nothing is set", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe("0.0.0.0");
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/\/var$/);
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.authRateLimitMax).toBe(20);
  });

  it("takes reports by phone in production only with its own phone keys and the provider's credentials", () => {
    const secret = "a".repeat(24);
    expect(() => loadConfig({ NODE_ENV: "production", AFRICASTALKING_CALLBACK_SECRET: secret })).toThrow(
      /CHANNELS_PHONE_HASH_KEY: must be set[\s\S]*CHANNELS_PHONE_ENCRYPTION_KEY: must be set[\s\S]*AFRICASTALKING_API_KEY/,
    );
    const config = loadConfig({
      NODE_ENV: "production",
      AFRICASTALKING_CALLBACK_SECRET: secret,
      AFRICASTALKING_USERNAME: "atlas",
      AFRICASTALKING_API_KEY: "key",
      CHANNELS_PHONE_HASH_KEY: "h".repeat(32),
      CHANNELS_PHONE_ENCRYPTION_KEY: "e".repeat(32),
      AFRICASTALKING_ALLOWED_IPS: "52.48.80.221, 3.8.188.22",
    });
    expect(config.channels.africasTalking).toMatchObject({
      callbackSecret: secret,
      apiUrl: "https://api.africastalking.com",
      allowedIps: ["52.48.80.221", "3.8.188.22"],
    });
    // Development: fixed keys, so hashes survive a restart; no provider until its secret is set.
    expect(loadConfig({}).channels.africasTalking).toBeUndefined();
    expect(loadConfig({}).channels.phoneHashSecret).toBe(loadConfig({}).channels.phoneHashSecret);
    expect(() => loadConfig({ AFRICASTALKING_CALLBACK_SECRET: "short" })).toThrow(ConfigError);
  });

  it("builds the public URL from the port and strips a trailing slash", () => {
    expect(loadConfig({ PORT: "4000" }).publicUrl).toBe("http://localhost:4000");
    expect(loadConfig({ PUBLIC_URL: "https://atlas.example/" }).publicUrl).toBe("https://atlas.example");
  });

  it("treats an empty variable as unset", () => {
    expect(loadConfig({ DATABASE_URL: "", SMTP_URL: " " }).databaseUrl).toBeUndefined();
  });

  it("trusts no proxy's X-Forwarded-For unless told to", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.1, 10.0.0.2" }).trustProxy).toEqual(["10.0.0.1", "10.0.0.2"]);
  });

  it("keeps health at 200 while degraded unless HEALTH_FAIL_ON_DEGRADED is true", () => {
    expect(loadConfig({}).healthFailOnDegraded).toBe(false);
    expect(loadConfig({ HEALTH_FAIL_ON_DEGRADED: "" }).healthFailOnDegraded).toBe(false);
    expect(loadConfig({ HEALTH_FAIL_ON_DEGRADED: "true" }).healthFailOnDegraded).toBe(true);
    expect(() => loadConfig({ HEALTH_FAIL_ON_DEGRADED: "yes" })).toThrow(
      /HEALTH_FAIL_ON_DEGRADED: must be true or false/,
    );
  });

  it("names the variable that is wrong", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ AUTH_RATE_LIMIT_MAX: "0" })).toThrow(/AUTH_RATE_LIMIT_MAX/);
  });
});
