// What the member page hands its parts: who is looking, at which organization, and how to report back.
export interface MemberActions {
  org: string;
  /** The signed-in user's name. */
  me: string;
  isAdmin: boolean;
  /** Asks the member list again, with an optional message announced to the user. */
  reload: (message?: string) => void;
  /** Shows the server's refusal (e.g. 409 for the last admin), or clears it. */
  setProblem: (problem: string | undefined) => void;
}
