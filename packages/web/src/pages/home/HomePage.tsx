import { useQuery } from "@tanstack/react-query";
import { fetchSessionInfo } from "../../api/session-info.ts";
import { queryKeys } from "../../context/query-keys.ts";

export default function HomePage() {
  const info = useQuery({
    queryKey: queryKeys.info(),
    queryFn: ({ signal }) => fetchSessionInfo(signal),
  });
  return (
    <main className="p-strip" id="main-content">
      <div className="row">
        <h1 className="p-heading--2">Anbox Cloud Dashboard</h1>
        {info.data && <p>Signed in as {info.data.user.fullname}.</p>}
      </div>
    </main>
  );
}
