//! The features the incremental evaluation ([`Incremental`](crate::ai::incremental::Incremental))
//! computes from the columns a placement touches, each named in its entry of `FEATURES`.

/// The features computed incrementally.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum Kind {
    #[default]
    RowsCleared,
    LandingHeight,
    ErodedPieceCells,
    RowTransitions,
    ColumnTransitions,
    Holes,
    CumulativeWells,
    MaxHeight,
    AggregateHeight,
    Bumpiness,
    AvgHeightDifference,
    Blocks,
    PlacementHeight,
    HoleDepth,
    RowsWithHoles,
    PatternDiversity,
}

impl Kind {
    /// How many kinds there are.
    pub(crate) const COUNT: usize = Kind::PatternDiversity as usize + 1;
}
