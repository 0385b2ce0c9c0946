// The server's domains and the order they stand in (ARCHITECTURE.md, "Domains"). A domain may import
// the face (index.ts) of a domain listed before it, and nothing of a domain listed after it, so no two
// domains can import each other, directly or round a loop. Platform folders import no domain at all.
// The composition root (src/*.ts and src/wiring/) is the one place that may import every face.

/** Lower first: each may lean on those above it in this list, never on those below. */
export const SERVER_DOMAINS = [
  'accounts',
  'jobs',
  'money',
  'quality',
  'interview',
  'compliance',
  'talent',
  'privacy',
  'campaigns',
  'integrations',
  'notifications',
];

/** Shared machinery that knows no domain. */
export const SERVER_PLATFORM = ['db', 'config', 'lib', 'cluster', 'http', 'storage', 'email', 'queue'];

/** Import zones (eslint-rules/import-zones.js) that say the above, for a server at `src`. */
export function serverZones(src) {
  const zones = [];
  SERVER_DOMAINS.forEach((domain, rank) => {
    for (const [other, otherRank] of SERVER_DOMAINS.map((d, i) => [d, i])) {
      if (other === domain) continue;
      const lower = otherRank < rank;
      zones.push({
        target: `${src}/${domain}`,
        from: `${src}/${other}`,
        face: lower,
        message: lower
          ? `${domain} may use ${other} only through its face (${other}/index.ts).`
          : `${domain} must not import ${other}: ${other} stands above ${domain} (eslint-rules/server-domains.js); move the shared piece down or pass it in.`,
      });
    }
    for (const platform of SERVER_PLATFORM) {
      zones.push({
        target: `${src}/${platform}`,
        from: `${src}/${domain}`,
        message: `The platform folder ${platform}/ must not import a domain (${domain}).`,
      });
    }
  });
  // The composition root uses faces only, like everyone else.
  for (const domain of SERVER_DOMAINS) {
    zones.push({
      target: `${src}/wiring`,
      from: `${src}/${domain}`,
      face: true,
      message: `wiring/ uses ${domain} only through its face (${domain}/index.ts).`,
    });
  }
  return zones;
}
