//! Pairs of values, one for each side, indexed by [`Side`] (as shakmaty's `ByColor`), so that
//! code says `captured[side]` and `captured[!side]` instead of computing array indices.

use std::ops::{Index, IndexMut};

use crate::Side;

/// One `T` for South and one for North.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct BySide<T> {
    /// South's value.
    pub south: T,
    /// North's value.
    pub north: T,
}

impl<T> BySide<T> {
    /// South's and North's values.
    pub const fn new(south: T, north: T) -> BySide<T> {
        BySide { south, north }
    }

    /// Both values transformed by `f`.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> BySide<U> {
        BySide {
            south: f(self.south),
            north: f(self.north),
        }
    }

    /// `(side, value)` for South, then North.
    pub fn iter(&self) -> impl Iterator<Item = (Side, &T)> {
        [(Side::South, &self.south), (Side::North, &self.north)].into_iter()
    }
}

impl<T> Index<Side> for BySide<T> {
    type Output = T;

    #[inline]
    fn index(&self, side: Side) -> &T {
        match side {
            Side::South => &self.south,
            Side::North => &self.north,
        }
    }
}

impl<T> IndexMut<Side> for BySide<T> {
    #[inline]
    fn index_mut(&mut self, side: Side) -> &mut T {
        match side {
            Side::South => &mut self.south,
            Side::North => &mut self.north,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indexed_by_side() {
        let mut seeds = BySide::new(3u32, 5);
        seeds[Side::North] += 2;
        assert_eq!(seeds[Side::South], 3);
        assert_eq!(seeds[!Side::South], 7);
        assert_eq!(seeds.map(|s| s * 2), BySide::new(6, 14));
        let sides: Vec<Side> = seeds.iter().map(|(s, _)| s).collect();
        assert_eq!(sides, [Side::South, Side::North]);
    }
}
