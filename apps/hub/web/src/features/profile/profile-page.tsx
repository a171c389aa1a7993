// `/{name}`: a user's profile (their organizations and repositories) or an organization's page (its members and
// repositories). Private repositories appear only for those the server shows them to (owner, members).
import { Link } from "../../components/link";
import { NotFound } from "../../components/not-found";
import { AsyncView } from "../../components/status";
import { ApiRequestError, getJson } from "../../lib/api";
import { useSession } from "../../lib/session";
import { useAsync } from "../../lib/use-async";
import type { RouteParams } from "../../routes";
import { type RepoType, repoPagePath, TYPE_LABEL } from "../repo/repo-url";
import { membersPagePath } from "../settings/session-orgs";

interface AccountFacts {
  name: string;
  kind: "user" | "org";
  fullname: string;
  createdAt: string;
  members?: string[];
  orgs?: string[];
  /** The caller's readable repositories of each type (the server counts them through the access decision). */
  numModels?: number;
  numDatasets?: number;
  numSpaces?: number;
}

/** The exact count of one type when the server gave it, else what the list shows. */
function countOf(account: AccountFacts, type: RepoType, listed: number): string {
  const exact = type === "model" ? account.numModels : type === "dataset" ? account.numDatasets : account.numSpaces;
  if (exact !== undefined) return String(exact);
  return listed === PER_TYPE ? `${PER_TYPE}+` : String(listed);
}

interface ListedRepo {
  id: string;
  private?: boolean;
  lastModified?: string;
  likes?: number;
  downloads?: number;
}

/** How many repositories of each type the page lists (the lists link to the full search). */
const PER_TYPE = 50;
const TYPES: readonly RepoType[] = ["model", "dataset", "space"];

async function loadProfile(name: string, signal: AbortSignal) {
  let account: AccountFacts;
  try {
    account = (await getJson<AccountFacts>(`/api/web/accounts/${encodeURIComponent(name)}`, signal)).data;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return undefined; // nobody by that name
    throw error;
  }
  const repos = await Promise.all(
    TYPES.map(async (type) => {
      const query = `author=${encodeURIComponent(account.name)}&limit=${PER_TYPE}&sort=lastModified`;
      const { data } = await getJson<ListedRepo[]>(`/api/${type}s?${query}`, signal);
      return { type, repos: data };
    }),
  );
  return { account, repos };
}

export default function ProfilePage({ params }: { params: RouteParams }) {
  const state = useAsync(`profile:${params.name}`, (signal) => loadProfile(params.name, signal));
  return (
    <AsyncView
      state={state}
      what={params.name}
      render={(profile) =>
        profile === undefined ? (
          <NotFound subject={{ kind: "account", name: params.name }} />
        ) : (
          <ProfileView account={profile.account} repos={profile.repos} />
        )
      }
    />
  );
}

function ProfileView({
  account,
  repos,
}: {
  account: AccountFacts;
  repos: Array<{ type: RepoType; repos: ListedRepo[] }>;
}) {
  const session = useSession();
  // Members manage (or see) the organization's members and roles on its settings page.
  const me = session?.user.name.toLowerCase();
  const isMember = account.kind === "org" && (account.members ?? []).some((name) => name.toLowerCase() === me);
  return (
    <article className="profile-page">
      <header className="profile-header">
        <span className="avatar large" aria-hidden="true">
          {account.name.slice(0, 1).toUpperCase()}
        </span>
        <div>
          <h1>{account.fullname || account.name}</h1>
          <p className="muted">
            {account.fullname && account.fullname !== account.name ? `${account.name} · ` : ""}
            {account.kind === "org" ? "Organization" : "User"} since{" "}
            <time dateTime={account.createdAt}>{new Date(account.createdAt).toLocaleDateString("en")}</time>
          </p>
          {isMember ? (
            <p>
              <Link href={membersPagePath(account.name)}>Members and roles</Link>
            </p>
          ) : null}
        </div>
      </header>
      {account.kind === "org" ? (
        <PeopleList title="Members" names={account.members ?? []} empty="No members yet." />
      ) : (account.orgs ?? []).length > 0 ? (
        <PeopleList title="Organizations" names={account.orgs ?? []} empty="" />
      ) : null}
      {repos.map(({ type, repos: list }) => (
        <section key={type} aria-labelledby={`${type}-heading`}>
          <h2 id={`${type}-heading`}>
            {TYPE_LABEL[type]}s <span className="muted">({countOf(account, type, list.length)})</span>
          </h2>
          {list.length === 0 ? (
            <p className="muted">No {TYPE_LABEL[type].toLowerCase()}s yet.</p>
          ) : (
            <ul className="grid plain-list">
              {list.map((repo) => (
                <li key={repo.id} className="card">
                  <Link href={repoPagePath({ type, id: repo.id })}>{repo.id}</Link>
                  {repo.private ? <span className="badge badge-private">Private</span> : null}
                  {repo.lastModified ? (
                    <p className="muted small">
                      Updated{" "}
                      <time dateTime={repo.lastModified}>{new Date(repo.lastModified).toLocaleDateString("en")}</time>
                    </p>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </article>
  );
}

function PeopleList({ title, names, empty }: { title: string; names: string[]; empty: string }) {
  return (
    <section aria-labelledby="people-heading">
      <h2 id="people-heading">{title}</h2>
      {names.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="chips">
          {names.map((name) => (
            <li key={name}>
              <Link href={`/${encodeURIComponent(name)}`} className="chip">
                <span className="avatar tiny" aria-hidden="true">
                  {name.slice(0, 1).toUpperCase()}
                </span>
                {name}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
