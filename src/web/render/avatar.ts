/**
 * Avatars drawn by the page: a coloured disc with the name's first letter,
 * the colour picked from the id as the client picks a default avatar. The
 * page shows no image from the network; an avatar hash or override URL is
 * shown as this, with the URL in the title.
 */
const COLOURS = ['#5865f2', '#757e8a', '#3ba55c', '#faa61a', '#ed4245', '#eb459f'];

export function avatarColour(id: string): string {
  let n = 0;
  for (const ch of id) n = (n * 31 + ch.charCodeAt(0)) % 1_000_003;
  return COLOURS[n % COLOURS.length]!;
}

export function avatarDataUrl(id: string, name: string): string {
  const letter = (Array.from(name.trim())[0] ?? '?').toUpperCase().replace(/[<>&"']/g, '?');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="80" height="80" viewBox="0 0 80 80"><circle cx="40" cy="40" r="40" fill="${avatarColour(id)}"/><text x="40" y="53" font-family="sans-serif" font-size="36" font-weight="600" text-anchor="middle" fill="#fff">${letter}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
