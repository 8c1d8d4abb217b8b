//! What a search has proven about a value it could only estimate: the value is at least one
//! number and at most another. An estimate alone promises nothing; its proven bounds are facts,
//! the same as a complete tablebase would confirm (tests check them against complete tables).

use mancala_solver::engine::SearchValue;

/// Proven bounds on a value (the margin of seeds still to win, or -1, 0, +1 in win/draw/loss
/// variants), each `None` when nothing is proven on that side. An exact value is both bounds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Bounds {
    /// The value is at least this.
    pub at_least: Option<i8>,
    /// The value is at most this.
    pub at_most: Option<i8>,
}

impl Bounds {
    /// Nothing proven.
    pub const NONE: Bounds = Bounds {
        at_least: None,
        at_most: None,
    };

    /// The bounds of an exact value: the value itself, both ways.
    pub fn exact(score: i8) -> Bounds {
        Bounds {
            at_least: Some(score),
            at_most: Some(score),
        }
    }

    /// How far apart the bounds are, when both are proven: 0 for an exact value.
    pub fn width(&self) -> Option<u8> {
        Some(self.at_most?.abs_diff(self.at_least?))
    }

    /// Whether `value` lies within them.
    pub fn contains(&self, value: i8) -> bool {
        self.at_least.is_none_or(|low| value >= low)
            && self.at_most.is_none_or(|high| value <= high)
    }
}

impl From<SearchValue> for Bounds {
    /// What the engine proved of a value.
    fn from(v: SearchValue) -> Bounds {
        Bounds {
            at_least: v.at_least,
            at_most: v.at_most,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_exact_value_is_both_bounds_and_width_needs_both() {
        assert_eq!(Bounds::exact(3).width(), Some(0));
        let b = Bounds {
            at_least: Some(-2),
            at_most: Some(4),
        };
        assert_eq!(b.width(), Some(6));
        assert!(b.contains(-2) && b.contains(4) && !b.contains(5) && !b.contains(-3));
        let low_only = Bounds {
            at_least: Some(1),
            at_most: None,
        };
        assert_eq!(low_only.width(), None);
        assert!(low_only.contains(90) && !low_only.contains(0));
        assert!(Bounds::NONE.contains(i8::MIN));
    }
}
