//! Board pictures in SVG: the judged position with its marks (`status --format svg`), and
//! the board of the HTML pages, whose stones carry ids so that a script can step through a
//! proof line by changing their classes.

use crate::explain::{board_string, cell_index};
use crate::sentences::{Label, Language};
use rules_core::{Color, Point, Position};
use solver::scoring::{PositionJudgement, Status};
use std::fmt::Write;

/// What a point is marked with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// No mark.
    None,
    /// A dead stone that stays on the board (it stands in dame, Art. 10).
    Dead,
    /// A dead stone removed as a prisoner.
    Removed,
    /// A stone of a seki string.
    Seki,
    /// A territory point of the colour.
    Territory(Color),
    /// A dame point.
    Dame,
    /// A stone of an undecided string.
    Undecided,
}

/// A board picture: stones, marks, and whether the page script needs element ids.
#[derive(Clone, Debug)]
pub struct Picture {
    /// Columns.
    pub width: u32,
    /// Rows.
    pub height: u32,
    /// The stones, as [`board_string`] gives them.
    pub board: String,
    /// One mark per point, in the order of `board`.
    pub marks: Vec<Mark>,
    /// Give every stone an id (`s0`, `s1`, ...), the marks the id `marks`, and add a
    /// hidden last-move marker `last`, for the page script.
    pub ids: bool,
}

/// The size of a cell and of the margin around the grid, in SVG units.
pub const CELL: u32 = 30;
/// The margin around the grid (room for the coordinates).
pub const MARGIN: u32 = 30;

/// The picture of a judged position with its marks.
pub fn judged_picture(position: &Position, judgement: &PositionJudgement) -> Picture {
    let size = position.size();
    let (w, h) = (size.width(), size.height());
    let mut marks = vec![Mark::None; (w * h) as usize];
    let mut set = |p: Point, m: Mark| {
        if let Some(slot) = marks.get_mut(cell_index(p, w, h)) {
            *slot = m;
        }
    };
    for s in &judgement.strings {
        let mark = match s.status {
            Status::Alive => Mark::None,
            Status::Seki => Mark::Seki,
            Status::Dead => Mark::Dead,
            Status::Unknown | Status::Cycle => Mark::Undecided,
        };
        for &p in &s.judgement.stones {
            set(p, mark);
        }
    }
    if let Some(t) = &judgement.territory {
        for c in Color::ALL {
            for p in t.territory[c].iter() {
                if position.color_at(p).is_none() {
                    set(p, Mark::Territory(c));
                }
            }
            for p in t.removed[c].iter() {
                set(p, Mark::Removed);
            }
        }
        for p in t.dame.iter() {
            if position.color_at(p).is_none() {
                set(p, Mark::Dame);
            }
        }
    }
    Picture {
        width: w,
        height: h,
        board: board_string(position),
        marks,
        ids: false,
    }
}

/// The centre of cell `k` of a picture `width` wide.
pub fn centre(k: usize, width: u32) -> (u32, u32) {
    let (x, row) = (k as u32 % width, k as u32 / width);
    (MARGIN + x * CELL, MARGIN + row * CELL)
}

fn column_letter(x: u32) -> String {
    Point::new(x, 0)
        .to_string()
        .trim_end_matches(|c: char| c.is_ascii_digit())
        .to_string()
}

const STYLE: &str = ".st{stroke:#000;stroke-width:1}.b{fill:#111}.w{fill:#fafafa}.e{display:none}\
.grid{stroke:#5a4520;stroke-width:1;fill:none}.lbl{fill:#3a2a10;text-anchor:middle}\
.dead{stroke:#d00000;stroke-width:3}.seki{fill:none;stroke:#0060d0;stroke-width:2.5}\
.tb{fill:#111;stroke:#000}.tw{fill:#fafafa;stroke:#000}.dame{fill:#777}\
.veil{fill:#dcb35c;opacity:.55}.unk{fill:#e07000;font-weight:bold;text-anchor:middle}\
.last{fill:none;stroke:#e03030;stroke-width:3}";

fn mark_svg(out: &mut String, mark: Mark, cx: u32, cy: u32) {
    let r = CELL / 2 - 4;
    match mark {
        Mark::None => {}
        Mark::Dead | Mark::Removed => {
            if mark == Mark::Removed {
                let _ = write!(
                    out,
                    r#"<circle class="veil" cx="{cx}" cy="{cy}" r="{}"/>"#,
                    CELL / 2 - 1
                );
            }
            let _ = write!(
                out,
                r#"<path class="dead" d="M{} {}L{} {}M{} {}L{} {}"/>"#,
                cx - r,
                cy - r,
                cx + r,
                cy + r,
                cx + r,
                cy - r,
                cx - r,
                cy + r
            );
        }
        Mark::Seki => {
            let _ = write!(
                out,
                r#"<rect class="seki" x="{}" y="{}" width="12" height="12"/>"#,
                cx - 6,
                cy - 6
            );
        }
        Mark::Territory(c) => {
            let class = if c == Color::Black { "tb" } else { "tw" };
            let _ = write!(
                out,
                r#"<rect class="{class}" x="{}" y="{}" width="10" height="10"/>"#,
                cx - 5,
                cy - 5
            );
        }
        Mark::Dame => {
            let _ = write!(out, r#"<circle class="dame" cx="{cx}" cy="{cy}" r="4"/>"#);
        }
        Mark::Undecided => {
            let _ = write!(
                out,
                r#"<text class="unk" x="{cx}" y="{}" font-size="18">?</text>"#,
                cy + 6
            );
        }
    }
}

/// The picture as an SVG document, with a legend of the marks below the board.
pub fn render(picture: &Picture, lang: Language) -> String {
    let (w, h) = (picture.width.max(1), picture.height.max(1));
    let board_w = 2 * MARGIN + (w - 1) * CELL;
    let board_h = 2 * MARGIN + (h - 1) * CELL;
    let legend: [(Mark, Option<Color>, Label); 7] = [
        (Mark::None, Some(Color::Black), Label::Alive),
        (Mark::Dead, Some(Color::White), Label::Dead),
        (Mark::Removed, Some(Color::White), Label::Removed),
        (Mark::Seki, Some(Color::Black), Label::Seki),
        (Mark::Territory(Color::Black), None, Label::Territory),
        (Mark::Dame, None, Label::Dame),
        (Mark::Undecided, Some(Color::White), Label::Undecided),
    ];
    let total_w = board_w.max(250);
    let total_h = board_h + 24 * legend.len() as u32 + 10;
    let mut out = String::new();
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{total_w}" height="{total_h}" viewBox="0 0 {total_w} {total_h}" font-family="sans-serif" font-size="12"><style>{STYLE}</style>"#
    );
    let _ = write!(
        out,
        r##"<rect x="0" y="0" width="{board_w}" height="{board_h}" fill="#dcb35c"/><rect x="{board_w}" y="0" width="{}" height="{board_h}" fill="#fff"/><rect x="0" y="{board_h}" width="{total_w}" height="{}" fill="#fff"/>"##,
        total_w - board_w,
        total_h - board_h
    );
    let mut grid = String::new();
    for x in 0..w {
        let px = MARGIN + x * CELL;
        let _ = write!(grid, "M{px} {MARGIN}V{}", MARGIN + (h - 1) * CELL);
    }
    for y in 0..h {
        let py = MARGIN + y * CELL;
        let _ = write!(grid, "M{MARGIN} {py}H{}", MARGIN + (w - 1) * CELL);
    }
    let _ = write!(out, r#"<path class="grid" d="{grid}"/>"#);
    for x in 0..w {
        let px = MARGIN + x * CELL;
        let letter = column_letter(x);
        let _ = write!(
            out,
            r#"<text class="lbl" x="{px}" y="{}">{letter}</text><text class="lbl" x="{px}" y="{}">{letter}</text>"#,
            MARGIN - 16,
            board_h - MARGIN + 24
        );
    }
    for row in 0..h {
        let py = MARGIN + row * CELL + 4;
        let n = h - row;
        let _ = write!(
            out,
            r#"<text class="lbl" x="{}" y="{py}">{n}</text><text class="lbl" x="{}" y="{py}">{n}</text>"#,
            MARGIN - 20,
            board_w - MARGIN + 20
        );
    }
    out.push_str(r#"<g id="stones">"#);
    for (k, c) in picture.board.chars().enumerate() {
        let (cx, cy) = centre(k, w);
        let class = match c {
            'X' => "st b",
            'O' => "st w",
            _ => "st e",
        };
        if picture.ids {
            let _ = write!(
                out,
                r#"<circle id="s{k}" class="{class}" cx="{cx}" cy="{cy}" r="{}"/>"#,
                CELL / 2 - 1
            );
        } else if c == 'X' || c == 'O' {
            let _ = write!(
                out,
                r#"<circle class="{class}" cx="{cx}" cy="{cy}" r="{}"/>"#,
                CELL / 2 - 1
            );
        }
    }
    out.push_str("</g>");
    out.push_str(if picture.ids {
        r#"<g id="marks">"#
    } else {
        "<g>"
    });
    for (k, &m) in picture.marks.iter().enumerate() {
        let (cx, cy) = centre(k, w);
        mark_svg(&mut out, m, cx, cy);
    }
    out.push_str("</g>");
    if picture.ids {
        let _ = write!(
            out,
            r#"<circle id="last" class="last" cx="0" cy="0" r="6" visibility="hidden"/>"#
        );
    }
    for (i, (mark, stone, label)) in legend.iter().enumerate() {
        let cy = board_h + 18 + 24 * i as u32;
        let cx = 20;
        match stone {
            Some(c) => {
                let class = if *c == Color::Black { "st b" } else { "st w" };
                let _ = write!(
                    out,
                    r#"<circle class="{class}" cx="{cx}" cy="{cy}" r="9"/>"#
                );
            }
            None => {
                let _ = write!(
                    out,
                    r##"<rect x="{}" y="{}" width="22" height="22" fill="#dcb35c"/>"##,
                    cx - 11,
                    cy - 11
                );
            }
        }
        mark_svg(&mut out, *mark, cx, cy);
        let _ = write!(
            out,
            r#"<text x="40" y="{}">{}</text>"#,
            cy + 4,
            lang.label(*label)
        );
    }
    out.push_str("</svg>\n");
    out
}

/// `status --format svg`: the judged position with its marks.
pub fn status_svg(position: &Position, judgement: &PositionJudgement, lang: Language) -> String {
    render(&judged_picture(position, judgement), lang)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules_core::io::parse_diagram;
    use solver::confirm::Limits;
    use solver::scoring::judge_position;
    use solver::Reading;

    #[test]
    fn marks_follow_the_judgement() {
        let game = parse_diagram(
            "
             . X . . X
             X X O . X
             X X X X X
             O O O O O
             . O . O .",
        )
        .expect("a diagram");
        let j = judge_position(
            &game.position,
            None,
            None,
            &Reading::default(),
            &Limits::default(),
        );
        let pic = judged_picture(&game.position, &j);
        let at = |p: &str| pic.marks[cell_index(p.parse().expect("a point"), 5, 5)];
        assert_eq!(at("C4"), Mark::Removed);
        assert_eq!(at("A5"), Mark::Territory(Color::Black));
        assert_eq!(at("A1"), Mark::Territory(Color::White));
        assert_eq!(at("B1"), Mark::None);
        let svg = render(&pic, Language::English);
        assert!(svg.starts_with("<svg"));
        assert_eq!(svg.matches("class=\"dead\"").count(), 1 + 2, "{svg}");
        // 18 stones on the board, 5 in the legend.
        assert_eq!(svg.matches("<circle class=\"st ").count(), 18 + 5);
    }
}
