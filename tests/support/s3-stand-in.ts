import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { BucketOptions } from "#server/covers/bucket-client.ts";

/**
 * An S3 stand-in for tests: an HTTP server on 127.0.0.1 (random port) that keeps objects in
 * memory and answers the part of the S3 REST API the cover store calls, as `@aws-sdk/client-s3`
 * calls it with path-style addressing (`/<bucket>/<key>`): PutObject (PUT), GetObject (GET),
 * HeadObject (HEAD), DeleteObject (DELETE). Every request must be signed: an
 * `Authorization: AWS4-HMAC-SHA256 Credential=<access key>/…, SignedHeaders=…, Signature=…` header
 * naming the stand-in's access key, and `x-amz-date`; otherwise 403 as S3 answers. Errors are
 * S3's XML. Bodies in aws-chunked encoding (streaming signatures, checksum trailers) are decoded.
 * Point the shop at it with COVERS_S3_ENDPOINT=standIn.url and COVERS_S3_FORCE_PATH_STYLE=true.
 */
export interface S3StandIn {
  url: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The stored objects by key. */
  objects: Map<string, { body: Buffer; contentType: string; cacheControl: string | undefined }>;
  /** Every request answered, in order: method, key, status. */
  requests: { method: string; key: string; status: number }[];
  close(): Promise<void>;
}

/** Options that point a bucket store at `standIn`, signed with its key, its objects under `covers/`. */
export function standInBucketOptions(standIn: S3StandIn): BucketOptions {
  return {
    bucket: standIn.bucket,
    prefix: "covers/",
    region: "us-east-1",
    endpoint: standIn.url,
    forcePathStyle: true,
    credentials: { accessKeyId: standIn.accessKeyId, secretAccessKey: standIn.secretAccessKey },
  };
}

export async function startS3StandIn(options: { bucket?: string } = {}): Promise<S3StandIn> {
  const bucket = options.bucket ?? "shop-covers";
  const accessKeyId = "AKIASTANDIN000000001";
  const secretAccessKey = "stand-in-secret-access-key-0000000000000";
  const objects: S3StandIn["objects"] = new Map();
  const requests: S3StandIn["requests"] = [];

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) xmlError(res, 500, "InternalError", String(error));
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://stand-in.invalid");
    const [, bucketName = "", ...rest] = url.pathname.split("/");
    const key = decodeURIComponent(rest.join("/"));
    const method = req.method ?? "GET";
    const body = await readBody(req);
    const answer = (status: number) => requests.push({ method, key, status });

    const authorization = req.headers.authorization ?? "";
    const signed =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/[^,]+, ?SignedHeaders=[a-z0-9;-]+, ?Signature=[0-9a-f]{64}$/.exec(
        authorization,
      );
    if (!signed || !req.headers["x-amz-date"]) {
      answer(403);
      return xmlError(res, 403, "AccessDenied", "Access Denied");
    }
    if (signed[1] !== accessKeyId) {
      answer(403);
      return xmlError(
        res,
        403,
        "InvalidAccessKeyId",
        "The AWS Access Key Id you provided does not exist in our records.",
      );
    }
    if (bucketName !== bucket) {
      answer(404);
      return xmlError(res, 404, "NoSuchBucket", "The specified bucket does not exist", method === "HEAD");
    }
    if (!key) {
      answer(400);
      return xmlError(res, 400, "InvalidRequest", "This stand-in answers object requests only.");
    }

    switch (method) {
      case "PUT": {
        const content = isAwsChunked(req) ? decodeAwsChunked(body) : body;
        objects.set(key, {
          body: content,
          contentType: header(req, "content-type") ?? "binary/octet-stream",
          cacheControl: header(req, "cache-control"),
        });
        answer(200);
        res.writeHead(200, { ETag: etagOf(content), "Content-Length": "0" });
        return void res.end();
      }
      case "GET":
      case "HEAD": {
        const object = objects.get(key);
        if (!object) {
          answer(404);
          return xmlError(res, 404, "NoSuchKey", "The specified key does not exist.", method === "HEAD");
        }
        answer(200);
        res.writeHead(200, {
          "Content-Type": object.contentType,
          "Content-Length": String(object.body.byteLength),
          ETag: etagOf(object.body),
          "Last-Modified": new Date().toUTCString(),
          ...(object.cacheControl ? { "Cache-Control": object.cacheControl } : {}),
        });
        return void res.end(method === "GET" ? object.body : undefined);
      }
      case "DELETE":
        // S3 answers 204 whether or not the key existed.
        objects.delete(key);
        answer(204);
        res.writeHead(204);
        return void res.end();
      default:
        answer(405);
        return xmlError(res, 405, "MethodNotAllowed", "The specified method is not allowed against this resource.");
    }
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId,
    secretAccessKey,
    objects,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function etagOf(body: Buffer): string {
  return `"${createHash("md5").update(body).digest("hex")}"`;
}

function isAwsChunked(req: IncomingMessage): boolean {
  return (
    (header(req, "content-encoding") ?? "").includes("aws-chunked") ||
    (header(req, "x-amz-content-sha256") ?? "").startsWith("STREAMING-")
  );
}

/** `<hex size>[;chunk-signature=…]\r\n<bytes>\r\n` … `0…\r\n` then optional trailers. */
function decodeAwsChunked(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let offset = 0;
  for (;;) {
    const lineEnd = body.indexOf("\r\n", offset);
    if (lineEnd < 0) throw new Error("malformed aws-chunked body");
    const size = Number.parseInt(body.subarray(offset, lineEnd).toString("latin1").split(";")[0]!, 16);
    if (!Number.isFinite(size)) throw new Error("malformed aws-chunked body");
    if (size === 0) return Buffer.concat(parts);
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
}

function xmlError(res: ServerResponse, status: number, code: string, message: string, headOnly = false): void {
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><RequestId>stand-in</RequestId></Error>`;
  res.writeHead(status, { "Content-Type": "application/xml", "Content-Length": String(Buffer.byteLength(xml)) });
  res.end(headOnly ? undefined : xml);
}
