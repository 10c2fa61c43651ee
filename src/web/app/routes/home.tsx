export function meta() {
  return [{ title: "Inclusion Atlas" }];
}
export default function Home() {
  return (
    <main>
      <h1>Home</h1>
    </main>
  );
}
