import type { Route } from "./+types/state";
import states from "../../../../data/states.json";
export function loader({ params }: Route.LoaderArgs) {
  const s = states.find((x) => x.id === Number(params.stateId));
  if (!s) throw new Response("Not found", { status: 404 });
  return { name: s.state };
}
export default function State({ loaderData }: Route.ComponentProps) {
  return (
    <main>
      <h1>{loaderData.name}</h1>
    </main>
  );
}
