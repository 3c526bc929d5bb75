// Origin checks on parsed URLs. Node reports the origin of a non-special scheme such as app://
// as "null", so the comparison is on protocol and host (which includes the port), never on a
// string prefix: "app://bundle.evil" and "app://bundle@evil" both start with "app://bundle".

/** True when `url` parses and has the protocol and host of `origin`, and no credentials. */
export function isSameOrigin(url: string, origin: string): boolean {
  const candidate = parse(url);
  const expected = parse(origin);
  if (candidate === null || expected === null) return false;
  return (
    candidate.protocol === expected.protocol &&
    candidate.host === expected.host &&
    candidate.host !== '' &&
    candidate.username === '' &&
    candidate.password === ''
  );
}

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}
