/**
 * Where a lender files its documents (issue 37 item 4; DESIGN.md "Integrations are adapters"): a provider takes one
 * document — its bytes, the path built from the lender's template and the index fields mapped from the
 * application — and stores it. Two providers: a directory of a file system or network share mounted on this server
 * (file-system-provider.ts), and any S3-compatible object store over plain signed HTTP (s3-provider.ts).
 *
 * Errors: a provider throws a `FilingError` whose message is safe to store and show (no absolute path, address,
 * member data or secret); `retryable` false means trying again cannot help (a refused path).
 */

export type DocumentToFile = {
  /** The relative path (file system) or object key (S3), already built and sanitised (path-template.ts). */
  path: string;
  content: Buffer;
  /** Hex SHA-256 of `content` (the file store keeps it). */
  sha256: string;
  contentType: string;
  /** The provider's index fields and their values (mapped fields). */
  index: Record<string, string>;
};

export type FilingResult = { location: string };

export type DocumentStorageProvider = { file: (document: DocumentToFile) => Promise<FilingResult> };

export class FilingError extends Error {
  readonly retryable: boolean;
  constructor(message: string, retryable = true) {
    super(message);
    this.name = 'FilingError';
    this.retryable = retryable;
  }
}
