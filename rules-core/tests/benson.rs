//! Tests of Benson's unconditional life (`rules_core::benson`) and independent areas
//! (`rules_core::areas`): hand-made diagrams, a comparison with a deliberately naive
//! reimplementation of the fixpoint, and seeded random play in which the owner of the
//! pass-alive chains only passes.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use rules_core::areas::{self, Areas};
use rules_core::benson::{self, PassAliveSide};
use rules_core::{Color, Move, Point, PointSet, Position, Setup, Size};

// ---------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------

/// A position from diagram rows, top row first, tokens `X` (Black), `O` (White) and `.`
/// separated by spaces.
fn board(rows: &[&str], to_move: Color) -> Position {
    let mut pos = rules_core::io::parse_diagram(&rows.join("\n"))
        .unwrap_or_else(|e| panic!("bad test diagram: {e}"))
        .position;
    pos.set_to_move(to_move);
    pos
}

/// A point set from GTP names separated by spaces.
fn pts(list: &str) -> PointSet {
    list.split_whitespace()
        .map(|s| s.parse().unwrap())
        .collect()
}

fn all_points(pos: &Position) -> PointSet {
    pos.size().points().collect()
}

fn p(name: &str) -> Point {
    name.parse().unwrap()
}

fn stones(pos: &Position, color: Color) -> PointSet {
    pos.size()
        .points()
        .filter(|&q| pos.color_at(q) == Some(color))
        .collect()
}

/// The straightforward statement of Benson's algorithm, with independent flood fills and
/// whole-set rescans until nothing changes: the oracle for `benson::pass_alive_for`.
#[allow(clippy::needless_range_loop)] // index loops keep the oracle close to the statement
fn naive_benson(pos: &Position, color: Color) -> PassAliveSide {
    let size = pos.size();
    let fill = |start: Point, inside: &dyn Fn(Point) -> bool| -> PointSet {
        let mut set = PointSet::new();
        let mut stack = vec![start];
        set.insert(start);
        while let Some(q) = stack.pop() {
            for n in q.neighbours(size) {
                if inside(n) && set.insert(n) {
                    stack.push(n);
                }
            }
        }
        set
    };
    let mut chains: Vec<PointSet> = Vec::new();
    let mut regions: Vec<PointSet> = Vec::new();
    let mut seen = PointSet::new();
    for q in size.points() {
        if seen.contains(q) {
            continue;
        }
        let own = pos.color_at(q) == Some(color);
        let set = fill(q, &|n| (pos.color_at(n) == Some(color)) == own);
        seen = seen.union(&set);
        if own {
            chains.push(set);
        } else {
            regions.push(set);
        }
    }
    let neighbours_of = |set: &PointSet| -> PointSet {
        set.iter()
            .flat_map(|q| q.neighbours(size).collect::<Vec<_>>())
            .collect()
    };
    let libs: Vec<PointSet> = chains
        .iter()
        .map(|c| {
            neighbours_of(c)
                .iter()
                .filter(|&n| pos.is_empty_point(n))
                .collect()
        })
        .collect();
    let touch: Vec<PointSet> = chains.iter().map(neighbours_of).collect();
    let vital = |r: usize, c: usize| -> bool {
        !regions[r].intersection(&touch[c]).is_empty()
            && regions[r]
                .iter()
                .filter(|&q| pos.is_empty_point(q))
                .all(|q| libs[c].contains(q))
    };
    let mut chain_alive = vec![true; chains.len()];
    let mut region_alive = vec![true; regions.len()];
    loop {
        let mut changed = false;
        for c in 0..chains.len() {
            if chain_alive[c] {
                let n = (0..regions.len())
                    .filter(|&r| region_alive[r] && vital(r, c))
                    .count();
                if n < 2 {
                    chain_alive[c] = false;
                    changed = true;
                }
            }
        }
        for r in 0..regions.len() {
            if region_alive[r]
                && (0..chains.len()).all(|c| regions[r].intersection(&touch[c]).is_empty())
            {
                // A region no chain touches (the colour has no stones) is not enclosed.
                region_alive[r] = false;
                changed = true;
            }
            if region_alive[r]
                && (0..chains.len())
                    .any(|c| !chain_alive[c] && !regions[r].intersection(&touch[c]).is_empty())
            {
                region_alive[r] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let mut out = PassAliveSide::default();
    for c in (0..chains.len()).filter(|&c| chain_alive[c]) {
        out.chains = out.chains.union(&chains[c]);
    }
    for r in (0..regions.len()).filter(|&r| region_alive[r]) {
        out.enclosed = out.enclosed.union(&regions[r]);
        if (0..chains.len()).any(|c| chain_alive[c] && vital(r, c)) {
            out.regions = out.regions.union(&regions[r]);
        }
    }
    out
}

/// Whether a stone of `color` on `q` would fill a point all of whose neighbours are own
/// stones (a one-point eye); random play avoids these so that groups get to live.
fn fills_own_eye(pos: &Position, color: Color, q: Point) -> bool {
    q.neighbours(pos.size())
        .all(|n| pos.color_at(n) == Some(color))
}

/// Random legal play from the empty board: `moves` moves, not filling own one-point eyes,
/// passing when nothing else is left.
fn random_position(rng: &mut SmallRng, side: u32, moves: usize) -> Position {
    let mut pos = Position::empty(Size::square(side).unwrap());
    for _ in 0..moves {
        let me = pos.to_move();
        let cands: Vec<Move> = pos
            .legal_moves()
            .into_iter()
            .filter(|m| match *m {
                Move::Play(q) => !fills_own_eye(&pos, me, q),
                Move::Pass => false,
            })
            .collect();
        let mv = if cands.is_empty() {
            Move::Pass
        } else {
            cands[rng.random_range(0..cands.len())]
        };
        pos.play_mut(mv).unwrap();
    }
    pos
}

/// Checks the invariants of an `Areas` value against its position.
fn check_areas(pos: &Position, a: &Areas) {
    let size = pos.size();
    let alive = a.pass_alive.all_chains();
    let mut union = PointSet::new();
    for (i, area) in a.areas.iter().enumerate() {
        assert!(!area.points.is_empty());
        assert!(union.intersection(&area.points).is_empty(), "areas overlap");
        assert!(area.points.intersection(&alive).is_empty());
        union = union.union(&area.points);
        // Connected, maximal, and bordered exactly by the listed chains.
        let first = area.points.iter().next().unwrap();
        let mut reach = PointSet::new();
        let mut stack = vec![first];
        reach.insert(first);
        let mut touching = PointSet::new();
        while let Some(q) = stack.pop() {
            assert_eq!(a.area_of(q), Some(i));
            for n in q.neighbours(size) {
                if alive.contains(n) {
                    touching.insert(n);
                } else {
                    assert!(area.points.contains(n), "area not maximal at {n}");
                    if reach.insert(n) {
                        stack.push(n);
                    }
                }
            }
        }
        assert_eq!(reach, area.points, "area not connected");
        let mut border_ids: Vec<(Color, Point)> = Vec::new();
        for c in Color::ALL {
            assert!(area.border[c].intersection(&a.pass_alive.chains[c]) == area.border[c]);
            for q in touching.iter().filter(|&q| pos.color_at(q) == Some(c)) {
                assert!(area.border[c].contains(q));
                border_ids.push((c, pos.string_id(q).unwrap()));
            }
            // Whole chains are listed.
            for q in area.border[c].iter() {
                assert!(pos.string_stones(q).all(|s| area.border[c].contains(s)));
            }
            assert_eq!(area.stones[c], stones(pos, c).intersection(&area.points));
        }
        border_ids.sort();
        border_ids.dedup();
        assert_eq!(border_ids, area.border_chains);
        let mut ids: Vec<Point> = area
            .points
            .iter()
            .filter_map(|q| pos.string_id(q))
            .collect();
        ids.sort();
        ids.dedup();
        assert_eq!(ids, area.strings);
        for id in &area.strings {
            assert!(pos.string_stones(*id).all(|s| area.points.contains(s)));
        }
        if let Some(c) = area.safe_for {
            assert_eq!(
                area.points.difference(&a.pass_alive.regions[c]),
                PointSet::new()
            );
        }
    }
    let all: PointSet = size.points().collect();
    assert_eq!(
        union.union(&alive),
        all,
        "areas and pass-alive chains cover the board"
    );
    for q in alive.iter() {
        assert_eq!(a.area_of(q), None);
    }
}

// ---------------------------------------------------------------------------------------
// Hand-made positions
// ---------------------------------------------------------------------------------------

#[test]
fn two_true_eyes_are_pass_alive() {
    let pos = board(
        &[
            ". X . X O . .",
            "X X X X O . .",
            "O O O O O . .",
            ". . . . . . .",
            ". . . . . . .",
        ],
        Color::Black,
    );
    let pa = benson::pass_alive(&pos);
    assert_eq!(pa.chains.black, pts("B5 D5 A4 B4 C4 D4"));
    assert_eq!(pa.regions.black, pts("A5 C5"));
    // Every region of Black touches only the pass-alive chain, so all are enclosed; only the
    // eyes are safe.
    assert_eq!(
        pa.enclosed.black,
        all_points(&pos).difference(&stones(&pos, Color::Black))
    );
    assert!(pa.inside.black.is_empty());
    assert!(pa.chains.white.is_empty());
    assert_eq!(pa.side(Color::Black), naive_benson(&pos, Color::Black));
}

#[test]
fn one_eye_is_not_pass_alive() {
    let pos = board(
        &[
            ". X X X O . .",
            "X X X X O . .",
            "O O O O O . .",
            ". . . . . . .",
            ". . . . . . .",
        ],
        Color::Black,
    );
    let pa = benson::pass_alive(&pos);
    assert!(pa.chains.black.is_empty());
    assert!(pa.regions.black.is_empty());
    assert!(pa.chains.white.is_empty());
}

#[test]
fn seki_is_not_pass_alive() {
    // Both strings share the liberties B1 and B2; neither has an eye.
    let pos = board(&["X . O", "X . O"], Color::Black);
    let pa = benson::pass_alive(&pos);
    assert!(pa.chains.black.is_empty() && pa.chains.white.is_empty());
    // A seki with a (one-point) eye for each side inside a larger frame.
    let pos = board(
        &[
            ". X O . O X .",
            "X X O . O X X",
            "O O O O O O O",
            ". . . . . . .",
            ". . . . . . .",
        ],
        Color::Black,
    );
    let pa = benson::pass_alive(&pos);
    assert!(pa.chains.black.is_empty() && pa.chains.white.is_empty());
}

#[test]
fn false_eye_does_not_count() {
    // C5 looks like a second eye: its empty point is a liberty of the big chain. But D5 is
    // a separate chain whose only vital region is C5 (D4 is White), so D5 is removed, then
    // the C5 region, then the big chain.
    let false_eye = board(
        &[
            ". X . X O . .",
            "X X X O O . .",
            "O O O O . . .",
            ". . . . . . .",
            ". . . . . . .",
        ],
        Color::Black,
    );
    let pa = benson::pass_alive(&false_eye);
    assert!(pa.chains.black.is_empty());
    assert_eq!(
        pa.side(Color::Black),
        naive_benson(&false_eye, Color::Black)
    );
    // White can indeed capture D5 from the false eye.
    let w = false_eye.to_setup();
    let mut w = w;
    w.to_move = Color::White;
    let w = Position::from_setup(&w).unwrap();
    let after = w.play(Move::Play(p("C5"))).unwrap();
    assert_eq!(after.color_at(p("D5")), None);

    // With D4 Black the eye is real and the group is pass-alive.
    let true_eye = board(
        &[
            ". X . X O . .",
            "X X X X O . .",
            "O O O O O . .",
            ". . . . . . .",
            ". . . . . . .",
        ],
        Color::Black,
    );
    assert_eq!(benson::pass_alive(&true_eye).chains.black.len(), 6);
}

#[test]
fn two_chains_sharing_their_eyes_are_pass_alive() {
    // The one-stone chain C5 and the surrounding chain are different chains; neither
    // encloses an eye alone, but every eye (B5, D5, C4) is vital to both.
    let pos = board(
        &[
            "X . X . X O",
            "X X . X X O",
            "O X X X O O",
            "O O O O O .",
            ". . . . . .",
        ],
        Color::Black,
    );
    let pa = benson::pass_alive(&pos);
    assert_eq!(pa.chains.black, pts("A5 C5 E5 A4 B4 D4 E4 B3 C3 D3"));
    assert_eq!(pa.regions.black, pts("B5 D5 C4"));
    assert_ne!(pos.string_id(p("C5")), pos.string_id(p("A5")));
    assert_eq!(pa.side(Color::Black), naive_benson(&pos, Color::Black));

    // Two chains sharing exactly two eyes: B2 and D2 each touch both.
    let pos = board(
        &[
            ". X . X . . .",
            "X . X . X . .",
            "X X X X X . .",
            ". . . . . . .",
        ],
        Color::Black,
    );
    // Chains: A3-A2-... frame (with C3? no: C3 is joined to C2), B4, D4 and the frame.
    let pa = benson::pass_alive(&pos);
    assert_eq!(pa.side(Color::Black), naive_benson(&pos, Color::Black));
    assert!(pa.chains.black.contains(p("C3")));
    assert!(pa.regions.black.contains(p("B3")) && pa.regions.black.contains(p("D3")));
}

#[test]
fn vital_region_may_hold_opponent_stones() {
    // The region {A3, B3 (White), C3}: its empty points A3 and C3 are both liberties of the
    // Black chain, so it is vital; with A1 the chain is pass-alive and the White stone lies
    // inside a safe region.
    let pos = board(&[". O . X O .", "X X X X O .", ". X X X O ."], Color::Black);
    let pa = benson::pass_alive(&pos);
    assert_eq!(pa.chains.black.len(), 8);
    assert_eq!(pa.regions.black, pts("A3 B3 C3 A1"));
    assert_eq!(pa.inside.black, pts("B3"));
    assert_eq!(pa.side(Color::Black), naive_benson(&pos, Color::Black));

    // If an empty point of the region touches only the White stone, it is not vital.
    let pos = board(
        &[". . . X O .", ". O . X O .", "X X X X O .", ". X X X O ."],
        Color::Black,
    );
    let pa = benson::pass_alive(&pos);
    assert!(pa.chains.black.is_empty());
    assert_eq!(pa.side(Color::Black), naive_benson(&pos, Color::Black));
}

#[test]
fn big_territory_is_not_pass_alive() {
    // A wall enclosing a 20-point territory on a 9x9 board: alive in practice, but the
    // inner points of the territory are not liberties of the wall, so the region is not
    // vital and Benson does not prove the wall alive (spec section 3.5).
    let pos = board(
        &[
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . X X X X X X X",
            "X X X O O O O O O",
            "O O O O . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
        ],
        Color::Black,
    );
    let territory = pos
        .size()
        .points()
        .filter(|&q| q.coords().1 >= 7 || q == p("A7") || q == p("B7"))
        .count();
    assert_eq!(territory, 20);
    let pa = benson::pass_alive(&pos);
    assert!(pa.chains.black.is_empty() && pa.chains.white.is_empty());
    assert!(pa.enclosed.black.is_empty());

    // Two small eyes make the wall pass-alive; the big territory is then enclosed by
    // pass-alive chains but still not a safe region.
    let pos = board(
        &[
            ". X . X . . . . .",
            "X X X X . . . . .",
            "X X X X X X X X X",
            "O O O O O O O O O",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
        ],
        Color::Black,
    );
    let pa = benson::pass_alive(&pos);
    assert_eq!(pa.chains.black.len(), 15);
    assert_eq!(pa.regions.black, pts("A9 C9"));
    // Enclosed: every region of Black (each touches only the pass-alive wall).
    assert_eq!(pa.enclosed.black.len(), 81 - 15);
    assert!(pa.enclosed.black.contains(p("J9")));
    let a = areas::independent_areas(&pos);
    check_areas(&pos, &a);
    assert_eq!(a.areas.len(), 4);
    let big = &a.areas[a.area_of(p("J9")).unwrap()];
    assert_eq!(big.safe_for, None);
    assert_eq!(
        a.areas[a.area_of(p("A9")).unwrap()].safe_for,
        Some(Color::Black)
    );
    let below = &a.areas[a.area_of(p("A1")).unwrap()];
    assert_eq!(below.points.len(), 54);
    assert_eq!(below.stones.white.len(), 9);
    assert_eq!(below.strings.len(), 1);
    assert_eq!(below.border_chains.len(), 1);
    assert_eq!(below.border_chains[0].0, Color::Black);
}

#[test]
fn spec_3x3_owner_capture_breaks_pass_alive() {
    // Spec section 3.5:  . O .
    //                    O O X
    //                    X X X
    let pos = board(&[". O .", "O O X", "X X X"], Color::White);
    let pa = benson::pass_alive(&pos);
    assert_eq!(pa.chains.white, pts("B3 A2 B2"));
    assert_eq!(pa.regions.white, pts("A3 C3 C2 A1 B1 C1"));
    assert_eq!(pa.inside.white, pts("C2 A1 B1 C1"));
    assert!(pa.chains.black.is_empty());
    assert!(benson::still_pass_alive(
        &pos,
        Color::White,
        &pa.chains.white
    ));
    // Black has no legal move but the pass; with Black passing White stays pass-alive.
    assert_eq!(
        pos.play(Move::Pass).unwrap().legal_moves(),
        vec![Move::Pass]
    );

    // White captures at C3: C1 is no longer a White liberty and the status is lost.
    let after = pos.play(Move::Play(p("C3"))).unwrap();
    assert_eq!(stones(&after, Color::Black), PointSet::new());
    assert!(!after.liberties(p("B2")).contains(p("C1")));
    assert!(!benson::still_pass_alive(
        &after,
        Color::White,
        &pa.chains.white
    ));
    assert!(benson::pass_alive(&after).chains.white.is_empty());

    // Filling the own eye at A3 loses it too.
    let filled = pos.play(Move::Play(p("A3")));
    // A3 is a legal White move (C3 remains a liberty).
    let filled = filled.unwrap();
    assert!(!benson::still_pass_alive(
        &filled,
        Color::White,
        &pa.chains.white
    ));

    // The helper's edge cases: empty set, wrong colour, off-board or empty points.
    assert!(benson::still_pass_alive(
        &pos,
        Color::White,
        &PointSet::new()
    ));
    assert!(!benson::still_pass_alive(
        &pos,
        Color::Black,
        &pa.chains.white
    ));
    assert!(!benson::still_pass_alive(&pos, Color::White, &pts("A3")));
    assert!(!benson::still_pass_alive(&pos, Color::White, &pts("J9")));

    // Areas: the eye A3, and the region C3 + Black stones, are two areas bordered by White.
    let a = areas::independent_areas(&pos);
    check_areas(&pos, &a);
    assert_eq!(a.areas.len(), 2);
    let right = &a.areas[a.area_of(p("C1")).unwrap()];
    assert_eq!(right.points, pts("C3 C2 A1 B1 C1"));
    assert_eq!(right.stones.black, pts("C2 A1 B1 C1"));
    assert_eq!(right.strings.len(), 1);
    assert_eq!(right.border.white, pts("B3 A2 B2"));
    assert_eq!(right.safe_for, Some(Color::White));
}

#[test]
fn empty_and_tiny_boards() {
    for side in [2, 3, 19, 25] {
        let pos = Position::empty(Size::square(side).unwrap());
        let pa = benson::pass_alive(&pos);
        assert_eq!(pa, benson::PassAlive::default());
        let a = areas::independent_areas(&pos);
        check_areas(&pos, &a);
        assert_eq!(a.areas.len(), 1);
    }
    // 2x2 with one stone: one region, not vital twice.
    let pos = board(&["X .", ". ."], Color::White);
    assert!(benson::pass_alive(&pos).chains.black.is_empty());
    // 2x2 with two diagonal stones of one colour: two chains, two one-point regions, each
    // vital to both chains: pass-alive (White can play neither point).
    let pos = board(&["X .", ". X"], Color::White);
    let pa = benson::pass_alive(&pos);
    assert_eq!(pa.chains.black, pts("A2 B1"));
    assert_eq!(pa.regions.black, pts("B2 A1"));
    assert_eq!(pos.legal_moves(), vec![Move::Pass]);
    let a = areas::independent_areas(&pos);
    check_areas(&pos, &a);
    assert_eq!(a.areas.len(), 2);
}

// ---------------------------------------------------------------------------------------
// Random positions
// ---------------------------------------------------------------------------------------

#[test]
fn agrees_with_naive_benson_and_areas_partition() {
    let mut rng = SmallRng::seed_from_u64(0xbe45_0001);
    let mut with_alive = 0;
    let mut total = 0;
    for &side in &[5u32, 7, 9, 13] {
        let count = if side == 13 { 60 } else { 300 };
        for _ in 0..count {
            let moves = rng.random_range(0..=(side * side * 3) as usize);
            let pos = random_position(&mut rng, side, moves);
            let pa = benson::pass_alive(&pos);
            for c in Color::ALL {
                assert_eq!(pa.side(c), naive_benson(&pos, c), "{c} in\n{pos}");
                assert!(pa.regions[c].intersection(&pa.chains[!c]).is_empty());
                assert!(pa.chains[c].difference(&stones(&pos, c)).is_empty());
                assert_eq!(pa.inside[c], pa.regions[c].intersection(&stones(&pos, !c)));
                // The one-string reading gives the whole board's answer for every stone.
                for p in stones(&pos, c).iter() {
                    assert_eq!(
                        benson::pass_alive_string(&pos, p),
                        pa.chains[c].contains(p),
                        "{c} string {p} in\n{pos}"
                    );
                }
            }
            if !pa.all_chains().is_empty() {
                with_alive += 1;
            }
            total += 1;
            check_areas(&pos, &areas::independent_areas(&pos));
        }
    }
    assert!(
        with_alive * 3 > total,
        "only {with_alive} of {total} have pass-alive chains"
    );
}

/// The owner `C` of the pass-alive chains only passes; the opponent plays random legal
/// moves (preferring points of `C`'s safe regions half of the time). Benson guarantees
/// that no pass-alive stone is ever captured, so a move into a safe region captures
/// nothing; moreover the old chains stay pass-alive and the old safe regions stay safe.
#[test]
fn pass_alive_chains_survive_when_owner_only_passes() {
    let mut rng = SmallRng::seed_from_u64(0xbe45_0002);
    let mut continuations = 0;
    let mut region_moves = 0;
    for &side in &[5u32, 7, 9] {
        let mut done = 0;
        let mut tries = 0;
        while done < 1000 && tries < 20_000 {
            tries += 1;
            let moves = rng.random_range((side * side) as usize..=(side * side * 3) as usize);
            let start = random_position(&mut rng, side, moves);
            let color = if rng.random_bool(0.5) {
                Color::Black
            } else {
                Color::White
            };
            let before = benson::pass_alive_for(&start, color);
            if before.chains.is_empty() {
                continue;
            }
            done += 1;
            continuations += 1;
            let mut pos = start.clone();
            if pos.to_move() == color {
                pos.play_mut(Move::Pass).unwrap();
            }
            for _ in 0..100 {
                let legal: Vec<Move> = pos
                    .legal_moves()
                    .into_iter()
                    .filter(|m| *m != Move::Pass)
                    .collect();
                let in_region: Vec<Move> = legal
                    .iter()
                    .copied()
                    .filter(|m| matches!(m, Move::Play(q) if before.regions.contains(*q)))
                    .collect();
                let mv = if !in_region.is_empty() && rng.random_bool(0.5) {
                    in_region[rng.random_range(0..in_region.len())]
                } else if !legal.is_empty() {
                    legal[rng.random_range(0..legal.len())]
                } else {
                    Move::Pass
                };
                let effect = pos.play_mut(mv).unwrap();
                if let Move::Play(q) = mv {
                    if before.regions.contains(q) {
                        region_moves += 1;
                        assert_eq!(effect.captured, 0, "{mv} captured in\n{pos}");
                    }
                }
                for s in before.chains.iter() {
                    assert_eq!(pos.color_at(s), Some(color), "{s} captured in\n{pos}");
                }
                assert!(
                    benson::still_pass_alive(&pos, color, &before.chains),
                    "\n{pos}"
                );
                let now = benson::pass_alive_for(&pos, color);
                assert!(
                    before.regions.difference(&now.regions).is_empty(),
                    "\n{pos}"
                );
                pos.play_mut(Move::Pass).unwrap();
            }
        }
        assert_eq!(
            done, 1000,
            "too few positions with pass-alive chains on {side}x{side}"
        );
    }
    assert!(continuations >= 3000);
    // Most safe regions are one-point eyes, where the opponent cannot play at all.
    assert!(
        region_moves > 100,
        "only {region_moves} moves into safe regions"
    );
}

/// Timing on full 19x19 boards (run with `--ignored --nocapture`).
#[test]
#[ignore = "timing only: the numbers are in BENCHMARKS.md (criterion bench benson/19x19-final-positions)"]
fn timing_19x19() {
    let mut rng = SmallRng::seed_from_u64(0xbe45_0003);
    let positions: Vec<Position> = (0..50)
        .map(|_| {
            let n = rng.random_range(100..=600);
            random_position(&mut rng, 19, n)
        })
        .collect();
    let reps = 200;
    let t = std::time::Instant::now();
    let mut alive = 0;
    for _ in 0..reps {
        for pos in &positions {
            alive += benson::pass_alive(pos).all_chains().len();
        }
    }
    let per = t.elapsed() / (reps * positions.len() as u32);
    let t = std::time::Instant::now();
    for _ in 0..reps {
        for pos in &positions {
            alive += areas::independent_areas(pos).areas.len();
        }
    }
    let per_areas = t.elapsed() / (reps * positions.len() as u32);
    println!("pass_alive (both colours): {per:?} per 19x19 position; independent_areas: {per_areas:?} ({alive})");
}

/// Asserts [`benson::pass_alive_string`] on every stone of `pos` against the whole board's
/// Benson; the number of pass-alive stones.
fn one_string_agrees(pos: &Position) -> usize {
    let mut alive_stones = 0;
    for c in Color::ALL {
        let chains = benson::pass_alive_for(pos, c).chains;
        for p in stones(pos, c).iter() {
            let alive = benson::pass_alive_string(pos, p);
            assert_eq!(alive, chains.contains(p), "{c} string {p} in\n{pos}");
            alive_stones += usize::from(alive);
        }
    }
    alive_stones
}

/// A region left half-flooded from one string (at C3, which touches no stone: vital to
/// nobody) and met again from other sides (A3 from the left string, E3 from the right one)
/// is the same region, vital to nobody; taken alone, A3 and E3-F3 would each look vital.
/// Neither string is pass-alive: the right one has one eye, so the shared eye D1 falls and
/// the left one keeps only A1. (The one-string reading leaves such a region at once; were
/// it to flood it again, it would meet C3 again: this pins the answer, not that shortcut.)
#[test]
fn a_region_met_again_from_another_side_is_the_same_region() {
    //  . . . . . .
    //  X X . X X X
    //  . X X . X X
    let mut setup = Setup::new(Size::new(6, 3).unwrap());
    for p in ["A2", "B2", "D2", "E2", "F2", "B1", "C1", "E1", "F1"] {
        setup.black.insert(p.parse().unwrap());
    }
    let pos = Position::from_setup(&setup).unwrap();
    assert!(benson::pass_alive_for(&pos, Color::Black).chains.is_empty());
    assert!(!benson::pass_alive_string(&pos, "B1".parse().unwrap()));
    assert!(!benson::pass_alive_string(&pos, "E1".parse().unwrap()));
    assert_eq!(one_string_agrees(&pos), 0);
}

/// [`benson::pass_alive_string`] against the whole board's Benson on many crowded random
/// boards, where chains share regions and a region can be met from several chains.
#[test]
fn the_one_string_reading_agrees_on_crowded_boards() {
    let mut rng = SmallRng::seed_from_u64(0xbe45_0004);
    let mut alive_strings = 0;
    for &side in &[4u32, 5, 6, 7, 9] {
        for _ in 0..2_000 {
            let moves = rng.random_range((side * side) as usize..=(side * side * 4) as usize);
            let pos = random_position(&mut rng, side, moves);
            alive_strings += one_string_agrees(&pos);
        }
    }
    // Stones dropped at random (a legal set-up kept): crowded shapes random play seldom
    // makes.
    let mut setups = 0;
    while setups < 20_000 {
        let side = rng.random_range(4u32..=8);
        let mut setup = Setup::new(Size::square(side).unwrap());
        let (black, white) = (rng.random_range(0.3..0.7), rng.random_range(0.05..0.3));
        for p in Size::square(side).unwrap().points() {
            let roll: f64 = rng.random();
            if roll < black {
                setup.black.insert(p);
            } else if roll < black + white {
                setup.white.insert(p);
            }
        }
        let Ok(pos) = Position::from_setup(&setup) else {
            continue;
        };
        setups += 1;
        alive_strings += one_string_agrees(&pos);
    }
    assert!(
        alive_strings > 10_000,
        "only {alive_strings} pass-alive stones met"
    );
}

/// [`benson::strings_pass_alive_excluding`] against the whole board's
/// [`benson::pass_alive_excluding`]: random boards, the excluded points one of the colour's
/// regions (the way the solver asks: an area walled by the colour), a random point set, or
/// nothing; asked about each string, and about all the strings around the excluded
/// points together.
#[test]
fn the_strings_reading_without_regions_agrees_with_the_whole_board() {
    let mut rng = SmallRng::seed_from_u64(0xbe45_0005);
    let (mut alive, mut asked) = (0, 0);
    for &side in &[4u32, 5, 6, 7, 9] {
        for _ in 0..600 {
            let moves = rng.random_range((side * side) as usize..=(side * side * 4) as usize);
            let pos = random_position(&mut rng, side, moves);
            let size = pos.size();
            for c in Color::ALL {
                let mut exclusions = vec![PointSet::new()];
                let free: Vec<Point> = size
                    .points()
                    .filter(|&p| pos.color_at(p) != Some(c))
                    .collect();
                if !free.is_empty() {
                    // One region of `c`: the non-`c` points connected to a random one.
                    let start = free[rng.random_range(0..free.len())];
                    let mut region = PointSet::from_iter([start]);
                    let mut stack = vec![start];
                    while let Some(q) = stack.pop() {
                        for n in q.neighbours(size) {
                            if pos.color_at(n) != Some(c) && region.insert(n) {
                                stack.push(n);
                            }
                        }
                    }
                    exclusions.push(region);
                }
                exclusions.push(size.points().filter(|_| rng.random_bool(0.1)).collect());
                for excluded in &exclusions {
                    let chains = benson::pass_alive_excluding(&pos, c, excluded).chains;
                    for p in stones(&pos, c).iter() {
                        let one = PointSet::from_iter([p]);
                        let got = benson::strings_pass_alive_excluding(&pos, c, &one, excluded);
                        assert_eq!(
                            got,
                            chains.contains(p),
                            "{c} {p} without {excluded:?}\n{pos}"
                        );
                        alive += usize::from(got);
                        asked += 1;
                    }
                    let around = excluded
                        .with_neighbours(size)
                        .difference(excluded)
                        .intersection(&stones(&pos, c));
                    assert_eq!(
                        benson::strings_pass_alive_excluding(&pos, c, &around, excluded),
                        around.difference(&chains).is_empty(),
                        "{c} around {excluded:?}\n{pos}"
                    );
                    // A point without a stone of `c` is never pass-alive.
                    if let Some(&f) = free.first() {
                        let with_free = around.union(&PointSet::from_iter([f]));
                        assert!(!benson::strings_pass_alive_excluding(
                            &pos, c, &with_free, excluded
                        ));
                    }
                }
            }
        }
    }
    assert!(
        alive > 5_000 && asked - alive > 5_000,
        "{alive} of {asked} pass-alive"
    );
}
