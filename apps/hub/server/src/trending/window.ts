// The trending score's parameters (the hub's trendingScore: recent downloads and likes, with decay).

/** Events older than this many days (today included) no longer count. */
export const WINDOW_DAYS = 30;
/** An event's weight halves every this many days. */
export const HALF_LIFE_DAYS = 7;
/** A like weighs as much as this many downloads of the same day. */
export const LIKE_WEIGHT = 5;
/** Day rows kept (for the 30-day series and the window, with room to spare). */
export const KEEP_DAYS = 90;
