import fastifyMultipart from "@fastify/multipart";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { benchReportFields, multipartBody } from "./request-bodies";

describe("multipartBody", () => {
  it("is read by @fastify/multipart as the fields, then the file, byte for byte", async () => {
    const photo = Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x0d, 0x0a, 0x2d, 0x2d, 0xff, 0xd9]);
    const { body, contentType } = multipartBody(
      benchReportFields,
      [{ name: "media", filename: "ramp.jpg", contentType: "image/jpeg", data: photo }],
      "----bench-boundary",
    );
    const app = Fastify();
    await app.register(fastifyMultipart);
    const received: { field?: [string, string]; file?: [string, string, string, Buffer] }[] = [];
    app.post("/", async (request) => {
      for await (const part of request.parts()) {
        received.push(
          part.type === "field"
            ? { field: [part.fieldname, String(part.value)] }
            : { file: [part.fieldname, part.filename, part.mimetype, await part.toBuffer()] },
        );
      }
      return { ok: true };
    });

    const response = await app.inject({
      method: "POST",
      url: "/",
      payload: body,
      headers: { "content-type": contentType },
    });
    await app.close();

    expect(contentType).toBe("multipart/form-data; boundary=----bench-boundary");
    expect(response.statusCode).toBe(200);
    expect(received).toEqual([
      ...benchReportFields.map((field) => ({ field: [field.name, field.value] })),
      { file: ["media", "ramp.jpg", "image/jpeg", photo] },
    ]);
  });

  it("without files is the fields alone", () => {
    const { body } = multipartBody([{ name: "comment", value: "Step at the entrance" }], [], "b");
    expect(body.toString()).toBe(
      '--b\r\nContent-Disposition: form-data; name="comment"\r\n\r\nStep at the entrance\r\n--b--\r\n',
    );
  });
});
