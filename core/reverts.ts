/**
 * What each of the launchpad's and its tokens' custom errors means, for people: the decoded revert of a transaction
 * (worker/processors/execute.ts revertReason) carries the error's name and this text. Errors not listed here (the
 * older ones, whose names say enough: SlippageExceeded, DeadlineExpired, ...) are shown by name and arguments only.
 */
export const revertMessages: Readonly<Record<string, string>> = {
  BuilderNotApproved: "the builder is not approved by the launchpad's owner",
  BuilderFeeTooHigh: "the builder fee is above the builder's approved maximum",
  ReferrerNotApproved: "the token referral is not a referrer approved by the launchpad's owner",
  SelfAttribution: "the sender cannot be its own builder or referral",
  AmountTooLarge: "the amount is above the largest a trade may name (2^128 - 1 base units)",
  GraduationInProgress: "the token's graduation is pending: it trades again once anyone has called graduate(token)",
  NotGraduating: "the token is not graduating",
  NotGraduated: "the token has not graduated, so its pool has no fees to collect",
  GraduationPoolClosed: "the token cannot be sent to its Uniswap V3 pool before it graduates",
};
