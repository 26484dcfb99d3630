// Kept apart from loans.pdf.ts so the service can tell this error without loading pdf-lib (it loads with the first
// agreement written, not at every start: docs/operations.md, "Running it").

/** The signature's bytes are not a PNG pdf-lib can embed (the caller answers 400). */
export class SignatureImageError extends Error {}
