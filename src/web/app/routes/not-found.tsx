export default function NotFound() {
  return (
    <main>
      <h1>Page not found</h1>
    </main>
  );
}
