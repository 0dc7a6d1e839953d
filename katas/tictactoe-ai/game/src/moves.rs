//! The moves each level may make in a position: every one of them is a right move, and the
//! reference picks one at random. A grader checks a program's move against the same sets, and
//! names the rule that decided them ([`Rule`]).

use tictactoe::{Board, Mark, Position};

use crate::level::Level;
use crate::minimax::{self, Value};
use crate::rules::{after, empty_cells};

/// Which rule gives a level's moves in a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// Any empty cell (`easy`, and `medium` when nothing is to win or block).
    AnyEmpty,
    /// `medium`'s rule (1): it can complete three in a row now.
    Win,
    /// `medium`'s rule (2): the opponent could complete three in a row next.
    Block,
    /// `hard`: the cells of the best minimax value.
    Best(Value),
}

impl Rule {
    /// The rule in a sentence, for a learner whose program broke it.
    #[must_use]
    pub fn in_words(self, level: Level, mover: Mark) -> String {
        let opponent = mover.other();
        match self {
            Rule::AnyEmpty => format!("at level \"{level}\" here, any empty cell may be played"),
            Rule::Win => format!(
                "at level \"{level}\", a player that can complete three in a row must: {mover} \
                 could win at once"
            ),
            Rule::Block => format!(
                "at level \"{level}\", a player that cannot win at once must block a line its \
                 opponent could complete next: {opponent} threatens to win"
            ),
            Rule::Best(value) => format!(
                "at level \"{level}\", a move must keep the best outcome a perfect game allows: \
                 here {} for {mover}",
                value.in_words()
            ),
        }
    }
}

/// The cells where `mover` completes three in a row on `board`, row by row.
#[must_use]
pub fn completing(board: &Board, mover: Mark) -> Vec<Position> {
    empty_cells(board)
        .into_iter()
        .filter(|&position| after(board, position, mover).has_line(mover))
        .collect()
}

/// The moves `level` may make for `mover` on `board` (a game not over), row by row, and the
/// rule that gives them.
#[must_use]
pub fn allowed(level: Level, board: &Board, mover: Mark) -> (Vec<Position>, Rule) {
    match level {
        Level::Easy => (empty_cells(board), Rule::AnyEmpty),
        Level::Medium => {
            let wins = completing(board, mover);
            if !wins.is_empty() {
                return (wins, Rule::Win);
            }
            // Where the opponent has two threats, a cell that blocks either is right.
            let blocks = completing(board, mover.other());
            if !blocks.is_empty() {
                return (blocks, Rule::Block);
            }
            (empty_cells(board), Rule::AnyEmpty)
        }
        Level::Hard => {
            let best = minimax::best_cells(board, mover);
            let value = best.first().map_or(Value::Draw, |&position| {
                minimax::value_of_move(board, position, mover)
            });
            (best, Rule::Best(value))
        }
    }
}

/// A move of `level` for `mover` on `board`, at random among the allowed ones; `None` when the
/// grid has no empty cell.
pub fn choose(
    level: Level,
    board: &Board,
    mover: Mark,
    random: &mut fastrand::Rng,
) -> Option<Position> {
    let (cells, _) = allowed(level, board, mover);
    random.choice(cells)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(cells: &str) -> Board {
        cells.parse().expect("a cell string")
    }

    fn named(cells: &[Position]) -> Vec<String> {
        cells.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn medium_wins_first_then_blocks_then_plays_anywhere() {
        let medium = |cells: &str, mover| {
            let (moves, rule) = allowed(Level::Medium, &board(cells), mover);
            (named(&moves), rule)
        };
        // O can win in row 2, though X threatens row 1: the win comes first.
        assert_eq!(
            medium("XX_OO_X__", Mark::O),
            (vec!["2 3".to_owned()], Rule::Win)
        );
        assert_eq!(
            medium("OO_XX____", Mark::X),
            (vec!["2 3".to_owned()], Rule::Win)
        );
        assert_eq!(
            medium("XX__O____", Mark::O),
            (vec!["1 3".to_owned()], Rule::Block)
        );
        // Two threats: a cell that blocks either is right.
        assert_eq!(
            medium("X_X_O_X_O", Mark::O),
            (vec!["1 2".to_owned(), "2 1".to_owned()], Rule::Block)
        );
        let (moves, rule) = medium("X________", Mark::O);
        assert_eq!((moves.len(), rule), (8, Rule::AnyEmpty));
    }

    #[test]
    fn easy_may_play_any_empty_cell_and_hard_only_the_best() {
        assert_eq!(
            allowed(Level::Easy, &board("XX__O____"), Mark::O),
            (empty_cells(&board("XX__O____")), Rule::AnyEmpty)
        );
        let (moves, rule) = allowed(Level::Hard, &board("X________"), Mark::O);
        assert_eq!(
            (named(&moves), rule),
            (vec!["2 2".to_owned()], Rule::Best(Value::Draw))
        );
    }

    #[test]
    fn seeded_choices_are_pinned_and_every_empty_cell_comes_up() {
        let mut random = fastrand::Rng::with_seed(17);
        let picks: Vec<String> = (0..5)
            .filter_map(|_| choose(Level::Easy, &Board::empty(), Mark::X, &mut random))
            .map(|p| named(&[p]).remove(0))
            .collect();
        assert_eq!(picks, ["3 3", "3 2", "3 2", "1 1", "1 3"]);
        let mut seen = std::collections::HashSet::new();
        for _ in 0..200 {
            seen.extend(choose(Level::Easy, &Board::empty(), Mark::X, &mut random));
        }
        assert_eq!(seen.len(), 9);
        let full = board("XOXOXOOXO");
        assert_eq!(choose(Level::Hard, &full, Mark::X, &mut random), None);
    }
}
