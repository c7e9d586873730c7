const WIDTH = 600;
const HEIGHT = 800;

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** Greedy word wrap; good enough for short titles on a cover. */
function wrap(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && `${line} ${word}`.length > maxChars) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

function coverSvg(title: string, author: string, [background, accent]: [string, string]): string {
  const lines = wrap(title, 16);
  const fontSize = lines.length > 4 ? 46 : 54;
  const lineHeight = fontSize * 1.2;
  const top = 330 - ((lines.length - 1) * lineHeight) / 2;
  const titleText = lines
    .map((line, i) => `<tspan x="300" y="${Math.round(top + i * lineHeight)}">${escapeXml(line)}</tspan>`)
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <rect width="${WIDTH}" height="${HEIGHT}" fill="${background}"/>
  <rect x="28" y="28" width="${WIDTH - 56}" height="${HEIGHT - 56}" rx="18" fill="none" stroke="${accent}" stroke-width="4" opacity="0.8"/>
  <circle cx="300" cy="640" r="150" fill="${accent}" opacity="0.22"/>
  <circle cx="300" cy="640" r="90" fill="${accent}" opacity="0.3"/>
  <path d="M170 700 Q300 560 430 700" stroke="${accent}" stroke-width="6" fill="none" opacity="0.9"/>
  <circle cx="300" cy="120" r="26" fill="${accent}"/>
  <text font-family="DejaVu Serif, Georgia, serif" font-weight="bold" font-size="${fontSize}" fill="#ffffff" text-anchor="middle">${titleText}</text>
  <text x="300" y="540" font-family="DejaVu Sans, Arial, sans-serif" font-size="28" fill="${accent}" text-anchor="middle">${escapeXml(author)}</text>
</svg>`;
}

// Drawn covers by their SVG: the same book always gives the same bytes, and a process that seeds
// many databases (the tests seed one per test) draws each cover once instead of every time.
const drawn = new Map<string, Promise<Buffer>>();

function drawCover(svg: string): Promise<Buffer> {
  let image = drawn.get(svg);
  if (!image) {
    // sharp (libvips) loaded only when covers are drawn: seeding, not an ordinary start.
    image = import("sharp").then(({ default: sharp }) => sharp(Buffer.from(svg)).webp({ quality: 82 }).toBuffer());
    drawn.set(svg, image);
    // A failed drawing is not kept: the next seed tries again.
    image.catch(() => drawn.delete(svg));
  }
  return image;
}

/** Draws a simple illustrated-looking cover: WebP bytes, the same for the same book every time. */
export function generateBookCover(title: string, author: string, colors: [string, string]): Promise<Buffer> {
  return drawCover(coverSvg(title, author, colors));
}
