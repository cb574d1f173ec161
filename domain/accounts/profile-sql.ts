// The caller's profile in one statement: the account, its profile row, its team
// membership (one team per user at most) and its verification mirror. Used by
// ProfileService.get and, as the bare baseline, by scripts/bench/bare-hapi.ts.
export const PROFILE_SQL = `
  SELECT u.id, u.email, u.first_name, u.last_name, u.is_staff, u.email_verified_at, u.created_at,
         p.phone, p.company, p.job_title, p.bio, p.language, p.timezone, p.country, p.preferences, p.updated_at,
         m.team_id, m.role AS team_role, k.status AS kyc_status, k.is_verified AS kyc_verified
    FROM users u
    JOIN profiles p ON p.user_id = u.id
    LEFT JOIN team_members m ON m.user_id = u.id
    LEFT JOIN kyc_mirror k ON k.user_id = u.id
   WHERE u.id = ?`;
