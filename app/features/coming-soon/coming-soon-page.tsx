import { BookOpen } from "lucide-react";
import type { ReactNode } from "react";

/** What visitors see while the store is in maintenance mode. */
export function ComingSoonPage({ storeName, newsletter }: { storeName: string; newsletter: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-b from-brand-100 to-brand-50 px-4 py-16">
      <title>{`Coming Soon | ${storeName}`}</title>
      <meta name="description" content={`${storeName} opens soon. Leave your e-mail address to hear when we launch.`} />
      <div className="w-full max-w-xl text-center">
        <BookOpen aria-hidden="true" className="mx-auto size-12 text-brand-700" />
        <p className="mt-4 font-serif text-xl font-bold text-brand-800">{storeName}</p>
        <h1 className="mt-2 font-serif text-4xl font-bold text-brand-800 sm:text-5xl">Coming Soon</h1>
        <p className="mt-6 text-lg text-gray-700">
          We are preparing a shop full of beautifully illustrated, biblically faithful stories for the children in your
          life. Leave your e-mail address and we will let you know the moment we open our doors.
        </p>
        <div className="mx-auto mt-8 max-w-md">{newsletter}</div>
        <p className="mt-10 text-sm text-gray-700">
          Store administrator?{" "}
          <a href="/login" className="font-semibold text-brand-700 underline">
            Login
          </a>
        </p>
      </div>
    </main>
  );
}
