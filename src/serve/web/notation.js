// Moves as text: the engine's drop notation (`P@d1`), Pons's move strings
// where stones fall (`4453`, columns past 9 as A to Q), squares elsewhere
// (`h8 h9`), and the board of a FEN.

export const FILES = 'abcdefghijklmnopqrstuvwxyz';

/** A move in drop notation: `P@d1`. */
export function notation(file, rank) {
  return `P@${FILES[file]}${rank + 1}`;
}

/** {file, rank} of a move in drop notation or a square, or null. */
export function parseNotation(move) {
  const m = /^(?:P@)?([a-z])(\d+)$/.exec(String(move).trim());
  return m ? { file: FILES.indexOf(m[1]), rank: Number(m[2]) - 1 } : null;
}

/** A column's character in a Pons move string: 1 to 9, then A to Q for
 * columns 10 to 26 (see docs/PROTOCOL.md). */
function columnChar(file) {
  return file < 9 ? String(file + 1) : String.fromCharCode(65 + file - 9);
}

/** The moves as a person types them, as inarow writes them: Pons's move
 * string where stones fall (`4453`), squares otherwise (`h8 h9`). */
export function movesString(g) {
  if (g.gravity) return g.moves.map((m) => columnChar(m.file)).join('');
  return g.moves.map((m) => `${FILES[m.file]}${m.rank + 1}`).join(' ');
}

/** Reads a FEN's board: {width, height, cells} with cells[rank][file]. */
export function parseFen(fen) {
  const boardPart = String(fen || '').trim().split(/[\s[]/)[0];
  const ranks = boardPart.split('/');
  const rows = ranks.map((rank) => {
    const row = [];
    const re = /(\d+)|([Pp])|(.)/g;
    let m;
    while ((m = re.exec(rank))) {
      if (m[1]) for (let i = 0; i < Number(m[1]); i++) row.push(0);
      else if (m[2]) row.push(m[2] === 'P' ? 1 : 2);
      else row.push(0);
    }
    return row;
  });
  const height = rows.length;
  const width = Math.max(0, ...rows.map((r) => r.length));
  const cells = rows.reverse().map((r) => { while (r.length < width) r.push(0); return r; });
  return { width, height, cells };
}
