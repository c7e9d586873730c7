import { S3Client, S3ServiceException, type S3ClientConfig } from "@aws-sdk/client-s3";

/** How the shop reaches its S3-compatible bucket (the COVERS_S3_* settings). */
export interface BucketOptions {
  bucket: string;
  /** Object names start with it (`covers/`). */
  prefix: string;
  region: string;
  /** For S3-compatible services (MinIO, R2, Spaces); unset for AWS S3 itself. */
  endpoint?: string | undefined;
  forcePathStyle: boolean;
  /** Unset: the SDK's own chain (AWS_ACCESS_KEY_ID…, profiles, instance roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Milliseconds to connect and to get an answer, per attempt; tests shorten them. */
  timeouts?: { connectMs: number; answerMs: number };
}

/**
 * A file may be stored inside a transaction (a cover, in the one that makes a book show it), and
 * on SQLite that transaction holds the shop's one connection: a bucket that never answers would
 * freeze every page. The SDK waits for ever by default; each attempt here gives up instead (three
 * attempts: about half a minute at worst), and the save fails.
 */
const BUCKET_TIMEOUTS = { connectMs: 3_000, answerMs: 10_000 };

/** The SDK's client for the bucket, as every bucket store of the shop makes it. */
export function createBucketClient(options: BucketOptions): S3Client {
  const config: S3ClientConfig = {
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    // Checksums only where S3 requires them: several S3-compatible services refuse the SDK's
    // newer default (CRC32 trailers on every upload).
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 3,
    requestHandler: {
      connectionTimeout: (options.timeouts ?? BUCKET_TIMEOUTS).connectMs,
      requestTimeout: (options.timeouts ?? BUCKET_TIMEOUTS).answerMs,
      // Without it the SDK only warns when the time is up, and goes on waiting.
      throwOnRequestTimeout: true,
    },
  };
  if (options.endpoint) config.endpoint = options.endpoint;
  if (options.credentials) config.credentials = options.credentials;
  return new S3Client(config);
}

/** Whether the bucket answered that the object is not there. */
export function isNotFound(error: unknown): boolean {
  return error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404;
}
