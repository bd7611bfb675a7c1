"""Card faces, chips and the play-screen look: HTML strings and one style sheet.

Pure functions of card data (no widgets, no rules), shared by the board, the card browser,
the deck builder and the static HTML export. Every card and chip carries
``data-card="<name>"`` (the board shows that card's detail on hover, focus or click) and is
keyboard reachable (``tabindex="0"``, ``role="button"``, an ``aria-label``).

Sizes are chosen to be read at a glance: full names (wrapped, never cut), no text under 10 px,
card backs that say DOOR / TREASURE. What a face shows comes from
:func:`munchkin_lab.printing.fields.face_fields`, so paper and screen show the same fields.
"""
from __future__ import annotations

import html
from typing import Any, Iterable, Mapping

from ..plural import plural
from ..printing.fields import KIND_LABELS as _PRINTED_KINDS

#: Provenance marks drawn in a card's corner (the play screen hides the printed cards' "P": a player needs
#: only the marks of cards that are not printed ones).
PROVENANCE_MARKS = {"printed": ("P", "printed card"), "inferred": ("I", "numbers inferred"),
                    "designer": ("D", "designer card"), "scenario": ("S", "scenario card")}

#: Readable kind names: the print sheets' (:data:`munchkin_lab.printing.fields.KIND_LABELS`),
#: a room tile said "Room" on the board (it lies on the grid there)
KIND_LABELS = {**_PRINTED_KINDS, "room_tile": "Room"}

CSS = r"""
.mlab-table-root{container-type:inline-size}
.mlab-screen{display:grid;grid-template-columns:minmax(0,1fr) 296px;
  grid-template-rows:auto minmax(0,1fr) minmax(96px,auto);grid-template-areas:"status status" "table side" "actions actions";
  gap:6px;height:var(--mlab-h,640px);box-sizing:border-box;font-family:'Liberation Sans',Arial,Helvetica,'DejaVu Sans',sans-serif;
  font-size:13px;color:#1d1d1d;background:#efe6d2;padding:6px;border-radius:10px;border:1px solid #c9b68f}
.mlab-screen *{box-sizing:border-box}
.mlab-statusbar{grid-area:status;display:flex;gap:10px;align-items:center;background:#3b2614;color:#fff3dc;
  border-radius:7px;padding:5px 10px;min-height:34px;font-size:14px;line-height:1.25}
.mlab-statusbar .mlab-turn{font-weight:bold;white-space:nowrap}
.mlab-statusbar .mlab-phase{background:#ffd54a;color:#3a2300;border-radius:5px;padding:1px 7px;font-weight:bold;white-space:nowrap}
.mlab-statusbar .mlab-decision{flex:1;min-width:0}
.mlab-statusbar .mlab-busy-note{font-style:italic;opacity:.85;white-space:nowrap}
.mlab-felt{grid-area:table;background:radial-gradient(ellipse at center,#2f7a45 0%,#1d5a31 65%,#143f23 100%);
  border:5px solid #6b4423;border-radius:14px;padding:5px;color:#f5f1e6;min-height:0;overflow:auto;
  display:flex;flex-direction:column;gap:4px;font-family:'Liberation Sans',Arial,Helvetica,'DejaVu Sans',sans-serif}
.mlab-export .mlab-felt{overflow:visible}
.mlab-export .mlab-seat{height:auto;min-height:var(--mlab-seat-h,112px);overflow:visible}
.mlab-seats{display:grid;grid-template-columns:repeat(var(--mlab-cols,2),minmax(0,1fr));gap:5px;flex:none}
.mlab-seat{background:rgba(0,0,0,.28);border:2px solid rgba(255,255,255,.16);border-radius:9px;
  padding:2px 5px;height:var(--mlab-seat-h,112px);overflow:auto;min-width:0}
.mlab-screen .mlab-seat,.mlab-screen .mlab-centre,.mlab-screen .mlab-felt,.mlab-screen .mlab-actions,
.mlab-screen .mlab-focus{scrollbar-width:thin;scrollbar-color:#ffd54a rgba(0,0,0,.35)}
.mlab-seats-others .mlab-seat{height:auto;min-height:64px;overflow:visible}
.mlab-felt-own .mlab-seat .mlab-zone-row{display:inline-flex;margin-right:8px;vertical-align:top;max-width:100%}
.mlab-felt-own .mlab-seat.mlab-own .mlab-zone-row:last-child{display:flex;margin-right:0}
.mlab-felt-own .mlab-seats-others{flex:none}
.mlab-felt-own .mlab-centre{flex:1 1 auto;min-height:130px}
.mlab-piles.mlab-piles-tight{display:none}
.mlab-fit-1 .mlab-piles.mlab-piles-tight{display:flex;flex-direction:row;flex-wrap:wrap;max-width:none;gap:3px 14px;flex:0 1 auto;min-width:0}
.mlab-fit-1 .mlab-piles:not(.mlab-piles-compact){display:none}
.mlab-fit-1 .mlab-felt-own .mlab-centre{flex:1 0 auto;min-height:0}
.mlab-fit-1 .mlab-centre .mlab-zone .mlab-card.mlab-mini{height:auto;min-height:0}
.mlab-fit-1 .mlab-centre .mlab-zone .mlab-card.mlab-mini .mlab-cnum{margin-top:3px}
.mlab-fit-1 .mlab-solar .mlab-hull{padding:8px 10px 6px}
.mlab-fit-1 .mlab-solar .mlab-ship{padding-bottom:10px}
.mlab-fit-1 .mlab-solar .mlab-ship-room{font-size:10.5px;line-height:1.1}
.mlab-fit-1 .mlab-solar .mlab-ship-room .mlab-res{font-size:10px}
.mlab-fit-2 .mlab-seat .mlab-chip{font-size:11px;line-height:13px;padding:0 4px}
.mlab-fit-2 .mlab-solar .mlab-hull{padding:4px 8px 4px}
.mlab-fit-2 .mlab-solar .mlab-ship-room{padding:1px 3px}
.mlab-fit-2 .mlab-solar .mlab-supply>.mlab-zlabel{display:none}
.mlab-fit-2 .mlab-seat .mlab-zone-row{margin-top:1px}
.mlab-fit-2 .mlab-seat-head{line-height:18px;min-height:18px}
.mlab-felt-own .mlab-pile .mlab-mini,.mlab-felt-own .mlab-pile .mlab-empty{width:72px;height:100px}
.mlab-felt.mlab-solar{display:grid;grid-template-columns:auto minmax(0,1fr);gap:6px}
.mlab-solar-ship{min-height:0;border:0;padding:0}
.mlab-solar-side{display:flex;flex-direction:column;gap:5px;min-height:0;min-width:0;overflow:auto}
.mlab-crew .mlab-seat{height:auto}
.mlab-crew-tokens{font-size:11.5px}
.mlab-solar .mlab-ship .mlab-grid{grid-template-columns:repeat(3,188px)}
.mlab-solar .mlab-hull{padding:18px 12px 12px}
.mlab-solar .mlab-ship{padding-bottom:16px}
.mlab-solar-ship{flex-direction:column;gap:2px}
.mlab-zone.mlab-supply{display:block;max-width:600px}
.mlab-zone.mlab-supply>div{display:inline-block;margin-right:12px}
.mlab-zone.mlab-supply>div.mlab-zlabel{display:block}
.mlab-solar .mlab-ship-room{min-height:0;padding:2px 4px;font-size:11.5px;line-height:1.2}
.mlab-solar .mlab-ship-room .mlab-res{font-size:11px;padding:0 3px;margin:0 1px 1px 0}
.mlab-seats-own .mlab-seat{height:auto;min-height:72px;overflow:visible}
.mlab-seat.mlab-own{background:rgba(0,0,0,.36);border-color:rgba(255,255,255,.3)}
.mlab-seat.mlab-own.mlab-active{border-color:#ffd54a}
.mlab-seat.mlab-active{border-color:#ffd54a}
.mlab-seat.mlab-actor{box-shadow:0 0 0 2px #9be7ff inset}
.mlab-seat.mlab-dead{filter:grayscale(.8);opacity:.75}
.mlab-seat-head{position:relative;font-size:13px;line-height:21px;min-height:21px}
.mlab-role-space{float:right;width:88px;height:19px;margin-left:4px}
.mlab-seat-head>.mlab-role,.mlab-seat-head>.mlab-role-tag{position:absolute;top:1px;right:0;width:88px}
.mlab-level{min-width:20px;height:20px;border-radius:10px;background:#ffd54a;color:#3a2300;padding:0 4px;
  display:inline-flex;align-items:center;justify-content:center;font-weight:bold;font-size:14px;flex:none;
  vertical-align:middle;margin-right:5px;line-height:1}
.mlab-pname{font-weight:bold;font-size:14px;white-space:nowrap;vertical-align:middle}
.mlab-who .mlab-chip{margin:1px 3px 1px 0;vertical-align:middle}
.mlab-who .mlab-sub{vertical-align:middle;margin-right:3px}
.mlab-sub{font-size:12px;opacity:.9}
.mlab-who{margin-left:3px}
.mlab-dead-tag{background:#b00020;color:#fff;border-radius:4px;padding:0 4px;font-size:11px;font-weight:bold}
.mlab-sr{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
.mlab-role{font-size:11px;padding:0 1px;border-radius:4px;border:1px solid #bbb;background:#fffaf0;color:#222;height:19px}
.mlab-role-tag{font-size:11px;line-height:17px;background:#9be7ff;color:#05303d;border-radius:4px;padding:0 4px;text-align:center}
.mlab-zone-row{display:flex;flex-wrap:wrap;gap:2px 3px;align-items:center;margin-top:2px}
.mlab-zlabel{font-size:10px;text-transform:uppercase;letter-spacing:.5px;opacity:.8;margin-right:2px}
.mlab-chip{display:inline-flex;align-items:center;gap:3px;font-size:12px;line-height:15px;padding:1px 5px;
  border-radius:4px;background:#fbf3dc;color:#2b1a0b;border:1px solid #8b4513;cursor:pointer;max-width:100%}
.mlab-chip.mlab-treasure{background:#fff3c4;border-color:#b8860b}
.mlab-chip.mlab-other{background:#e6eefb;border-color:#4a6fa5}
.mlab-chip b{color:#7b1010}
.mlab-chip:hover,.mlab-chip:focus,.mlab-card:focus,.mlab-back:focus{outline:2px solid #ff4081;outline-offset:1px}
.mlab-chip.mlab-selected,.mlab-card.mlab-selected{outline:3px solid #ff4081}
.mlab-chip-back{background:#8b3a1a;color:#fff3d6;border-color:#f5e6c4;font-weight:bold;letter-spacing:.2px;padding:1px 4px;cursor:default}
.mlab-chip-back.mlab-treasure{background:#b8860b;color:#fff}
.mlab-chip-back.mlab-other{background:#2c4a7a;color:#fff}
.mlab-centre{flex:1;min-height:0;display:flex;gap:8px;align-items:flex-start;overflow:auto;padding:4px;
  border:2px dashed rgba(255,255,255,.22);border-radius:10px}
.mlab-piles{display:flex;gap:6px;flex:none}
.mlab-pile{display:flex;flex-direction:column;align-items:center;gap:2px;font-size:12px;position:relative}
.mlab-pile .mlab-count{line-height:16px}
.mlab-count{background:#000a;border-radius:8px;padding:0 6px;font-size:12px;white-space:nowrap}
.mlab-card{width:100px;height:140px;border-radius:7px;background:#fbf3dc;color:#2b1a0b;border:3px solid #8b4513;
  padding:4px 5px;position:relative;cursor:pointer;box-shadow:1px 2px 4px rgba(0,0,0,.45);display:flex;
  flex-direction:column;overflow:hidden;flex:none;font-family:'Liberation Sans',Arial,Helvetica,'DejaVu Sans',sans-serif}
.mlab-card.mlab-treasure{border-color:#c9a227;background:#fff8e1}
.mlab-card.mlab-other{border-color:#4a6fa5;background:#eef3fb}
.mlab-cname{font-size:12.5px;font-weight:bold;line-height:1.12;overflow-wrap:break-word;hyphens:auto;
  font-family:'Liberation Sans Narrow','Arial Narrow','DejaVu Sans Condensed',Arial,sans-serif}
.mlab-card>.mlab-cname{flex:0 1 auto;min-height:0;overflow:hidden}
.mlab-card>.mlab-ckind,.mlab-card>.mlab-cnum,.mlab-card>.mlab-cfoot{flex:none}
.mlab-card .mlab-cname.mlab-cname-long{font-size:10px;line-height:1.1;display:-webkit-box;-webkit-box-orient:vertical;
  -webkit-line-clamp:5;line-clamp:5}
.mlab-mini .mlab-cname.mlab-cname-long,.mlab-mini.mlab-card .mlab-cname.mlab-cname-long{font-size:9.5px}
.mlab-ckind{font-size:10px;text-transform:uppercase;letter-spacing:.3px;color:#7a4b1e;margin-top:1px}
.mlab-cnum{font-size:22px;font-weight:bold;text-align:center;margin:auto 0 0 0;color:#7b1010;line-height:1}
.mlab-cnum small{font-size:10px;display:block;color:#5b3b1b;font-weight:normal;line-height:1.2}
.mlab-ctags{font-size:10px;color:#315;line-height:1.15;max-height:24px;overflow:hidden}
.mlab-cfoot{display:flex;justify-content:space-between;font-size:10px;color:#6b5a45;margin-top:1px;padding-right:14px}
.mlab-prov{position:absolute;bottom:2px;right:2px;width:14px;height:14px;border-radius:50%;font-size:10px;
  line-height:14px;text-align:center;color:#fff;background:#6d4c41}
.mlab-prov-chip{font-size:10px;color:#fff;background:#6d4c41;border-radius:7px;padding:0 4px}
.mlab-screen .mlab-prov-P{display:none}
.mlab-prov-I{background:#ef6c00}.mlab-prov-D{background:#6a1b9a}.mlab-prov-S{background:#00695c}
.mlab-back{width:100px;height:140px;border-radius:7px;border:3px solid #f5e6c4;display:flex;align-items:center;
  justify-content:center;font-weight:bold;font-size:13px;letter-spacing:1px;color:#fff3d6;flex:none;
  box-shadow:1px 2px 4px rgba(0,0,0,.5);text-shadow:0 1px 2px #000;position:relative;text-align:center}
.mlab-back-door{background:repeating-linear-gradient(45deg,#8b3a1a,#8b3a1a 6px,#a2492a 6px,#a2492a 12px)}
.mlab-back-treasure{background:repeating-linear-gradient(45deg,#b8860b,#b8860b 6px,#d4a017 6px,#d4a017 12px)}
.mlab-back-other{background:repeating-linear-gradient(45deg,#2c4a7a,#2c4a7a 6px,#3b5d94 6px,#3b5d94 12px)}
.mlab-mini .mlab-card,.mlab-mini .mlab-back,.mlab-mini.mlab-card,.mlab-mini.mlab-back{width:78px;height:108px;padding:3px}
.mlab-mini .mlab-cname,.mlab-mini.mlab-card .mlab-cname{font-size:11px}
.mlab-mini .mlab-cnum,.mlab-mini.mlab-card .mlab-cnum{font-size:16px}
.mlab-mini .mlab-ctags,.mlab-mini .mlab-cfoot,.mlab-mini.mlab-card .mlab-ctags,.mlab-mini.mlab-card .mlab-cfoot{display:none}
.mlab-mini .mlab-back,.mlab-mini.mlab-back{font-size:11px;letter-spacing:0}
.mlab-empty{width:78px;height:108px;border:2px dashed rgba(255,255,255,.35);border-radius:7px;display:flex;
  align-items:center;justify-content:center;font-size:11px;opacity:.8;text-align:center}
.mlab-cards{display:flex;flex-wrap:wrap;gap:4px}
.mlab-combat{background:rgba(120,0,0,.38);border:2px solid #ff8a65;border-radius:10px;padding:4px 6px;
  display:flex;gap:8px;min-width:0;flex:1}
.mlab-combat-main{display:flex;flex-direction:column;gap:2px;min-width:0}
.mlab-combat-head{font-size:12.5px}
.mlab-combat-sides{display:flex;gap:10px;flex-wrap:wrap}
.mlab-piles-compact{flex-direction:column;gap:3px;max-width:190px}
.mlab-combat-side{font-size:12px;line-height:1.2;min-width:0}
.mlab-combat-side table{border-collapse:collapse}
.mlab-side-entries{display:flex;flex-wrap:wrap;gap:2px 12px;align-items:flex-start}
.mlab-side-sum{width:100%}
.mlab-combat-side td{padding:0 4px 0 0;vertical-align:top}
.mlab-combat-side td.n{text-align:right;font-weight:bold;white-space:nowrap}
.mlab-total td{border-top:1px solid rgba(255,255,255,.5);font-weight:bold}
.mlab-score{font-size:20px;font-weight:bold;white-space:nowrap}
.mlab-win{color:#b9f6ca}.mlab-lose{color:#ff8a80}
.mlab-die{display:inline-block;width:22px;height:22px;border-radius:4px;background:#fff;color:#000;text-align:center;
  line-height:22px;font-weight:bold;margin:0 2px;box-shadow:1px 1px 3px #000}
.mlab-zone{display:flex;flex-direction:column;gap:2px;min-width:0}
.mlab-grid{display:grid;gap:3px;justify-content:start}
.mlab-cell{min-width:92px;min-height:44px;border:1px solid rgba(255,255,255,.4);border-radius:6px;padding:2px 4px;
  font-size:12px;line-height:1.25;background:rgba(0,0,0,.25);position:relative}
.mlab-cell-empty{border-style:dashed;opacity:.35}
.mlab-cell.mlab-here{border:2px solid #ffd54a}
.mlab-cell.mlab-can-move{cursor:pointer;border:2px solid #9be7ff;background:rgba(155,231,255,.18)}
.mlab-cell.mlab-can-move:hover,.mlab-cell.mlab-can-move:focus{background:rgba(155,231,255,.4);outline:2px solid #fff}
.mlab-move-hint{display:block;font-size:11px;color:#9be7ff;font-weight:bold}
.mlab-room-name{font-size:12px}
.mlab-token{display:inline-block;border-radius:9px;background:#ffd54a;color:#000;padding:0 5px;font-size:11px;margin:1px}
.mlab-side{grid-area:side;display:flex;flex-direction:column;gap:6px;min-height:0}
.mlab-focus{flex:0 1 auto;min-height:50%;max-height:calc(100% - 96px);overflow:auto;background:#fffaf0;border:1px solid #c9b68f;border-radius:8px;padding:6px}
.mlab-focus-title{font-size:11px;text-transform:uppercase;letter-spacing:.5px;color:#7a5a2a;margin-bottom:3px}
.mlab-now{display:flex;flex-direction:column;gap:5px;font-size:13px;line-height:1.35;color:#2b1a0b}
.mlab-now-phase{align-self:flex-start;background:#ffd54a;color:#3a2300;border-radius:5px;padding:1px 7px;font-weight:bold}
.mlab-now .mlab-zone-row{margin-top:0}
.mlab-now .mlab-zlabel{opacity:1;color:#6b4a1f}
.mlab-now-hint{color:#5b3b1b;margin-top:4px}
.mlab-detail-top{display:flex;gap:8px}
.mlab-detail-top .mlab-card{width:120px;height:168px}
.mlab-detail-top .mlab-card .mlab-cname{font-size:13px}
.mlab-detail-top .mlab-card .mlab-cnum{font-size:28px}
.mlab-detail-facts{font-size:12px;line-height:1.35;min-width:0}
.mlab-detail-facts b{color:#5b3b1b}
.mlab-source{font-size:11px;opacity:.85;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden}
.mlab-summary{font-size:12.5px;line-height:1.35;margin-top:5px;white-space:pre-wrap}
.mlab-uses{margin-top:5px;display:flex;flex-wrap:wrap;gap:3px}
.mlab-logbox{flex:1;min-height:90px;display:flex;flex-direction:column;background:#1b1b1b;border-radius:8px;padding:4px 6px;color:#d7ffd9}
.mlab-logbox .mlab-focus-title{color:#9fd3a5}
.mlab-log-lines{flex:1;min-height:0;overflow:auto;font-size:12px;line-height:1.3;display:flex;flex-direction:column-reverse}
.mlab-logline{display:block;width:100%;text-align:left;background:none;border:0;color:inherit;font:inherit;padding:0 2px;cursor:pointer;border-radius:3px}
.mlab-logline:hover,.mlab-logline:focus{background:#37474f}
.mlab-logline.mlab-now{background:#2e4a2f}
.mlab-lognote{display:block;color:#ffe082;padding-left:14px}
.mlab-actgroup{display:inline-flex;flex-wrap:wrap;align-items:center;gap:3px;border:1px dashed #c9b68f;border-radius:6px;padding:1px 3px}
.mlab-actgroup-title{font-size:12.5px;color:#3b2614;padding:0 3px}
.mlab-actgroup .mlab-act{padding:3px 7px}
.mlab-actfold{display:inline-block}
.mlab-actfold>summary{cursor:pointer;font-size:12.5px;color:#3b2614;padding:3px 3px}
.mlab-actfold[open]{display:block}
.mlab-actfold .mlab-act{margin:2px 4px 1px 0}
.mlab-actions{grid-area:actions;overflow:auto;max-height:230px;background:#fffaf0;border:1px solid #c9b68f;border-radius:8px;padding:5px}
.mlab-actions-title{font-size:11px;text-transform:uppercase;letter-spacing:.5px;color:#7a5a2a;margin:0 0 3px 0}
.mlab-actbar{display:flex;flex-wrap:wrap;gap:4px}
.mlab-act{font:inherit;font-size:13px;padding:4px 9px;border-radius:6px;border:1px solid #6b4423;background:#fff;
  color:#2b1a0b;cursor:pointer;text-align:left;line-height:1.2;max-width:100%}
.mlab-act:hover,.mlab-act:focus{background:#ffe9a8;outline:2px solid #ff8f00}
.mlab-act.mlab-primary{background:#2e7d32;color:#fff;border-color:#1b5e20;font-weight:bold}
.mlab-act.mlab-primary:hover,.mlab-act.mlab-primary:focus{background:#388e3c}
.mlab-act.mlab-uses-card{box-shadow:0 0 0 3px #ff4081}
.mlab-act.mlab-nope{color:#595959;border-color:#bbb;background:#f1f1f1;font-size:12px;padding:2px 7px}
.mlab-act.mlab-nope:hover,.mlab-act.mlab-nope:focus{background:#e4e4e4;color:#3d3d3d;outline:2px solid #8a8a8a}
.mlab-nope-row .mlab-nope-label{color:#6b4a1f;opacity:1}
.mlab-busy .mlab-act,.mlab-busy .mlab-logline{opacity:.55;cursor:progress}
.mlab-anytime{margin-top:4px}
.mlab-anytime summary{cursor:pointer;font-size:12px;color:#5b3b1b}
.mlab-anytime[open]~.mlab-nope-row,.mlab-anytime[open]~.mlab-nope-why{display:none}
.mlab-actions:has(.mlab-actfold[open]) .mlab-nope-row,.mlab-actions:has(.mlab-actfold[open]) .mlab-nope-why{display:none}
.mlab-nope-row{margin-top:4px;display:flex;flex-wrap:wrap;gap:3px;align-items:center}
.mlab-nope-why{font-size:12px;color:#8a5a00;margin-top:3px;min-height:0}
.mlab-over-panel{background:#1d5a31;color:#f5f1e6;border:2px solid #ffd54a;border-radius:10px;padding:4px 10px;min-width:0}
.mlab-over-panel h3{margin:0 0 4px 0;font-size:16px;color:#ffd54a}
.mlab-over-panel table{border-collapse:collapse;font-size:12.5px}
.mlab-over-panel td,.mlab-over-panel th{padding:1px 8px 1px 0;text-align:left}
.mlab-over-panel img{max-height:112px;width:auto;background:#fff;border-radius:6px}
.mlab-winner{color:#ffd54a;font-weight:bold}
.mlab-ship{flex:none}
.mlab-hull{position:relative;padding:34px 14px 12px;background:linear-gradient(#90a4ae,#607d8b);
  border-radius:50% 50% 18px 18px / 60px 60px 18px 18px;border:3px solid #cfd8dc;box-shadow:0 0 12px #000 inset}
.mlab-hull:after{content:"";position:absolute;left:50%;bottom:-14px;width:60%;height:14px;transform:translateX(-50%);
  background:repeating-linear-gradient(90deg,#ff7043,#ff7043 10px,#ffca28 10px,#ffca28 20px);border-radius:0 0 10px 10px}
.mlab-ship .mlab-grid{grid-template-columns:repeat(3,132px)}
.mlab-ship-room{background:#263238;color:#eceff1;min-height:76px;border:2px solid #90a4ae}
.mlab-ship-room.mlab-core{background:#4a148c;border-color:#ffd54a}
.mlab-ship-room.mlab-damaged{border-color:#ff5252}
.mlab-ship-room.mlab-diverted{box-shadow:0 0 0 3px #ffd54a inset}
.mlab-ship-room.mlab-can-move{background:#1c3f50;border-color:#9be7ff}
.mlab-ship-room.mlab-can-move:hover,.mlab-ship-room.mlab-can-move:focus{background:#27596e}
.mlab-cube{color:#4fc3f7;font-size:14px}.mlab-damage{color:#ff5252;font-size:14px;font-weight:bold}
.mlab-power{display:inline-block;background:#ffd54a;color:#3a2300;border-radius:4px;padding:0 4px;font-size:11px;font-weight:bold}
.mlab-res{display:inline-block;border-radius:4px;padding:0 4px;font-size:11.5px;margin:1px;background:#eceff1;color:#263238;border:1px solid #90a4ae}
.mlab-version{font-size:10px;background:#ffd54a;color:#000;border-radius:3px;padding:0 3px}
.mlab-msg-error{color:#b00020;font-weight:bold;white-space:pre-wrap;font-family:monospace}
.mlab-msg-warning{color:#8a5a00;white-space:pre-wrap}
.mlab-msg-ok{color:#1b5e20}
.mlab-table-html{border-collapse:collapse;font-size:12px}
.mlab-table-html th,.mlab-table-html td{border-bottom:1px solid #ddd;padding:2px 6px;text-align:left}
.mlab-table-html tr.mlab-row-pick{cursor:pointer}
.mlab-table-html tr.mlab-row-pick:hover{background:#fff3c4}
.mlab-table-html tr.mlab-row-picked{background:#ffe082}
.mlab-toolbar,.mlab-app .widget-hbox{gap:4px}
.mlab-message .widget-html-content{line-height:15px;font-size:12.5px;align-self:center}
@container (max-width:940px){.mlab-screen{grid-template-columns:minmax(0,1fr) 250px}
  .mlab-detail-top .mlab-card{width:96px;height:134px}}
"""


def esc(value: Any) -> str:
    """HTML-escape ``value`` (``None`` -> empty string)."""
    return "" if value is None else html.escape(str(value), quote=True)


def _get(card: Any, field: str, default: Any = None) -> Any:
    if isinstance(card, Mapping):
        v = card.get(field, default)
    elif hasattr(card, "iloc") and hasattr(card, "index"):  # a pandas row
        v = card[field] if field in card.index else default
    else:
        v = getattr(card, field, default)
    try:
        import pandas as pd  # local: faces stay importable without pandas in odd setups

        if v is not None and not isinstance(v, (list, tuple, set, frozenset, dict)) and pd.isna(v):
            return default
    except (ImportError, TypeError, ValueError):
        pass
    return v


def deck_family(deck: str | None) -> str:
    """``door``/``treasure``/``other``: the colour family of a card of draw pile ``deck``."""
    if deck in ("door", "treasure"):
        return deck
    return "other"


def _run_away_bonus(effects: Any) -> int | None:
    """An item's lasting Run Away bonus (dice pips, e.g. ``3``) from its effects: the short form
    ``run_away: 3`` or the card-effect language's ``when: in_play`` ability doing
    ``{run_away: 3}`` (core rules, 9. Running Away); ``None`` when it has none."""
    if not isinstance(effects, dict):
        return None
    run = effects.get("run_away")
    if isinstance(run, (int, float)) and not isinstance(run, bool):
        return int(run)
    for ab in effects.get("abilities") or ():
        if isinstance(ab, dict) and ab.get("when") == "in_play":
            for op in ab.get("do") or ():
                v = op.get("run_away") if isinstance(op, dict) else None
                if isinstance(v, (int, float)) and not isinstance(v, bool):
                    return int(v)
    return None


def _headline(card: Any) -> tuple[str, str]:
    """The big number of a face and its small caption: ``("L10", "3 Treasures")``."""
    kind = _get(card, "kind", "") or ""
    level, bonus = _get(card, "level"), _get(card, "bonus")
    treasures, gold = _get(card, "treasures"), _get(card, "gold")
    if kind == "monster":
        cap = "" if treasures is None else f"{int(treasures)} Treasure" + ("s" if int(treasures) != 1 else "")
        return ("L?" if level is None else f"L{int(level)}"), cap
    run = _run_away_bonus(_get(card, "effects") or {}) if kind == "item" else None
    if not bonus and isinstance(run, (int, float)) and not isinstance(run, bool) and run:
        return f"Run {int(run):+d}", ("" if gold in (None, 0) else f"{int(gold)} Gold")  # a Run Away item
    if bonus:  # an item with no combat bonus (Kneepads of Allure) shows no "+0"
        return f"{int(bonus):+d}", ("" if gold in (None, 0) else f"{int(gold)} Gold")
    if kind == "go_up_a_level":
        return "+1", "Level"
    if gold not in (None, 0):
        return "", f"{int(gold)} Gold"
    return "", ""


def card_label(card: Any) -> str:
    """A short spoken description of a card (``aria-label``): its name, kind and numbers as
    parts of one sentence, each count with its noun: ``"Maul Rat, Monster, Level 1, 1 Treasure
    card"``, ``"Broad Sword, Item, +3 bonus, worth 400 Gold Pieces"``, ``"Tuba of Charm, Item,
    +3 to Run Away"`` (a count never runs into the next number or word, as "Level 1 1 Treasure"
    did)."""
    name = _get(card, "name", "?")
    kind = _get(card, "kind", "") or ""
    parts = [str(name), KIND_LABELS.get(kind, kind or "card")]
    level, bonus = _get(card, "level"), _get(card, "bonus")
    treasures, gold = _get(card, "treasures"), _get(card, "gold")
    if kind == "monster":
        parts.append("Level unknown" if level is None else f"Level {int(level)}")
        if treasures is not None:
            parts.append(plural(int(treasures), "Treasure card"))
    else:
        run = _run_away_bonus(_get(card, "effects") or {}) if kind == "item" else None
        if bonus:
            parts.append(f"{int(bonus):+d} bonus")
        elif run:
            parts.append(f"{int(run):+d} to Run Away")
        if gold not in (None, 0):
            parts.append(f"worth {int(gold):,} Gold Pieces")
    return ", ".join(parts)


#: A card name longer than this is set in smaller type on the card face.
LONG_NAME = 40


def card_face(card: Any, provenance: str | None = None, selected: bool = False,
              extra_class: str = "", mini: bool = False) -> str:
    """HTML of one face-up card (100x140 px; ``mini``: 78x108 px). A name longer than
    :data:`LONG_NAME` characters is set smaller; a name that still does not fit gives way
    (cut at the card's name area) so that the kind and the number always show: the full name
    is in the card's title, its spoken label and the card detail.

    Args:
        card: a :class:`~munchkin_lab.engine.CardSpec`, a card row (``pandas.Series``/dict
            with the card columns) or anything with ``name``/``kind``/``deck`` fields.
        provenance: ``printed``/``inferred``/``designer``/``scenario`` (default: the card's
            ``provenance`` field when it has one).
        selected: draw the selection outline.
        mini: the small size used on the table.
    """
    name = _get(card, "name", "?")
    kind = _get(card, "kind", "") or ""
    deck = _get(card, "deck", "") or ""
    tags = _get(card, "tags", ()) or ()
    set_code = _get(card, "set", "") or ""
    prov = provenance or _get(card, "provenance") or "printed"
    mark, mark_title = PROVENANCE_MARKS.get(prov, (prov[:1].upper(), prov))
    num, cap = _headline(card)
    shown_tags = sorted((str(t) for t in tags), key=str.lower)[:4]
    classes = f"mlab-card mlab-{deck_family(deck)} mlab-kind-{esc(kind)}"
    if mini:
        classes += " mlab-mini"
    if selected:
        classes += " mlab-selected"
    if extra_class:
        classes += " " + extra_class
    title = f"{name} ({KIND_LABELS.get(kind, kind)}, {set_code})"
    return (f'<div class="{classes}" data-card="{esc(name)}" title="{esc(title)}" tabindex="0" role="button" '
            f'aria-label="{esc(card_label(card))}">'
            f'<span class="mlab-prov mlab-prov-{esc(mark)}" title="{esc(mark_title)}">{esc(mark)}</span>'
            f'<div class="mlab-cname{" mlab-cname-long" if len(name) > LONG_NAME else ""}">{esc(name)}</div>'
            f'<div class="mlab-ckind">{esc(KIND_LABELS.get(kind, kind))}</div>'
            f'<div class="mlab-cnum">{esc(num)}<small>{esc(cap)}</small></div>'
            f'<div class="mlab-ctags">{esc(" · ".join(shown_tags))}</div>'
            f'<div class="mlab-cfoot"><span>{esc(set_code)}</span><span>{esc(deck)}</span></div>'
            f'</div>')


def back_text(deck: str | None) -> str:
    """What a card back says: ``DOOR``, ``TREASURE`` or the pile's name in capitals."""
    fam = deck_family(deck)
    return {"door": "DOOR", "treasure": "TREASURE"}.get(fam, (deck or "card").split(":")[0].replace("_", " ").upper())


def card_back(deck: str | None, label: str | None = None, mini: bool = False) -> str:
    """HTML of a face-down card of draw pile ``deck`` (Door, Treasure or another pile)."""
    fam = deck_family((deck or "").split(":")[0])
    text = label or back_text((deck or "").split(":")[0])
    return (f'<div class="mlab-back mlab-back-{fam}{" mlab-mini" if mini else ""}" title="face-down {esc(deck)} card">'
            f'{esc(text)}</div>')


def chip(card: Any, provenance: str | None = None, selected: bool = False) -> str:
    """A one-line card chip for the table (full name, a space, its number, colour of its deck:
    ``Harpies <b>L4</b>``); hover, focus or click shows the card in the board's detail."""
    name = _get(card, "name", "?")
    deck = _get(card, "deck", "") or ""
    num, _cap = _headline(card)
    n = f" <b>{esc(num)}</b>" if num else ""  # the space keeps "Harpies L4" apart in every display mode
    sel = " mlab-selected" if selected else ""
    prov = provenance or _get(card, "provenance") or "printed"
    mark = ""
    if prov != "printed":
        m, title = PROVENANCE_MARKS.get(prov, (prov[:1].upper(), prov))
        mark = f'<span class="mlab-prov-chip mlab-prov-{esc(m)}" title="{esc(title)}">{esc(m)}</span>'
    return (f'<span class="mlab-chip mlab-{deck_family(deck)}{sel}" data-card="{esc(name)}" tabindex="0" role="button" '
            f'aria-label="{esc(card_label(card))}">{esc(name)}{n}{mark}</span>')


def back_words(deck: str | None, count: int = 1) -> str:
    """Face-down cards of pile ``deck`` in words: ``"3 Door cards"``, ``"1 Treasure card"``."""
    word = back_text(deck)
    return plural(int(count), (word.title() if word.isupper() else word) + " card")


def back_chip(deck: str | None, count: int = 1, spoken: bool = True) -> str:
    """A face-down chip: ``DOOR x3`` / ``TREASURE``; a screen reader hears "3 Door cards"
    (``spoken=False``: nothing, when the words around it say it)."""
    fam = deck_family(deck)
    text = back_text(deck) + (f" \u00d7{count}" if count > 1 else "")
    say = f'<span class="mlab-sr">{esc(back_words(deck, count))}</span>' if spoken else ""
    return (f'<span class="mlab-chip mlab-chip-back mlab-{fam}" title="face-down {esc(deck)} card{"" if count == 1 else "s"}">'
            f'<span aria-hidden="true">{esc(text)}</span>{say}</span>')


def card_row(cards: Iterable[str], lookup, provenance, mini: bool = False) -> str:
    """A row of face-up cards named ``cards`` (``lookup(name)`` -> spec, ``provenance(name)``)."""
    parts = []
    for name in cards:
        spec = lookup(name)
        parts.append(card_face(spec if spec is not None else {"name": name}, provenance(name), mini=mini))
    cls = "mlab-cards mlab-mini" if mini else "mlab-cards"
    return f'<div class="{cls}">{"".join(parts)}</div>'


def die(value: int) -> str:
    """One die showing ``value`` (a picture: the words beside it say the roll to a screen
    reader, see :func:`spoken_dice`)."""
    return f'<span class="mlab-die" title="die" aria-hidden="true">{int(value)}</span>'


def spoken_dice(values: Iterable[int]) -> str:
    """Dice as a screen reader says them (``"3, 5"``) beside the pictures of :func:`die`."""
    return f'<span class="mlab-sr">{", ".join(str(int(v)) for v in values)}</span>'


def sr(text: str) -> str:
    """Words for screen readers only (visually hidden): a pause or a count the picture shows."""
    return f'<span class="mlab-sr">{esc(text)}</span>'


#: The board's font stack (sans-serif, also on the exported pages).
FONT = "'Liberation Sans',Arial,Helvetica,'DejaVu Sans',sans-serif"

#: Style of an exported page around the board: the status line and the last log line below the
#: table use the board's sans-serif font in light text on the page's dark background.
PAGE_CSS = ("body{background:#2a1a0e;margin:16px;color:#f5f1e6;font-family:" + FONT + ";font-size:13px}\n"
            ".mlab-board-static{font-family:" + FONT + ";color:#f5f1e6}\n"
            ".mlab-board-static .mlab-statusbar{margin-bottom:6px}\n"
            ".mlab-board-static .mlab-lastlog{color:#f5f1e6;background:#3b2614;border-radius:6px;"
            "padding:4px 8px;margin-top:6px;font-size:13px;opacity:1}\n"
            ".mlab-export .mlab-log-lines{color:#d7ffd9;background:#1b1b1b;border-radius:8px;padding:4px 6px}")


def page(body: str, title: str = "munchkin-lab", script: str = "") -> str:
    """A self-contained HTML page (style sheet inline, no network) around ``body``."""
    return ("<!DOCTYPE html><html><head><meta charset='utf-8'>"
            f"<title>{esc(title)}</title><style>{CSS}\n{PAGE_CSS}</style>"
            f"</head><body class='mlab-export'>{body}{script}</body></html>")
