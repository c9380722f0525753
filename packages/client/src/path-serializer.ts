/**
 * openapi-fetch's `pathSerializer`, for this API's path parameters: each is a plain string in the
 * simple style, so `{token}` becomes the percent-encoded value, as the default serializer makes it.
 * The default matches a regular expression and parses the style of every parameter on every call;
 * this one splits each path template once. A missing or empty parameter is refused (TypeError), not sent.
 */
const templates = new Map<string, string[]>();

export function pathSerializer(pathname: string, params: Record<string, unknown>): string {
  let parts = templates.get(pathname);
  if (!parts) {
    // "/record/{token}/" → ["/record/", "token", "/"]: literal text and names, alternating.
    parts = pathname.split(/\{([^{}]+)\}/);
    templates.set(pathname, parts);
  }
  let url = parts[0] as string;
  for (let i = 1; i < parts.length; i += 2) {
    const name = parts[i] as string;
    const value = params[name];
    // An empty or missing token would call another path (`/record//auth/`, a 404): refused before sending.
    if (value === undefined || value === null || String(value) === '')
      throw new TypeError(
        `${pathname.replace(/^.*?(?=\/(record|roadmap)\b)/, '')}: the path parameter ${name} is ${value === '' ? 'empty' : 'missing'}; give it (e.g. a record's or roadmap's token) before calling`,
      );
    url += encodeURIComponent(String(value));
    url += parts[i + 1] as string;
  }
  return url;
}
